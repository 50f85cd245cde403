import { usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon, SearchXIcon } from 'lucide-react';
import { Activity, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { ChannelWithMembers } from '#shared/channels';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth';
import { useChannelContent } from '@/lib/channel-content';
import { rememberLastChannel } from '@/lib/last-channel';
import type { ChannelHeaderAction, ChannelTab } from '@/lib/shell';
import { channelQueryOptions, useChannel } from '../api/get-channel';
import { useChannels } from '../api/get-channels';
import { MEMBERS_TAB_ID } from '../channel-tabs';
import { useReadPositionAtOpen } from '../hooks/use-read-position-at-open';
import { ChannelHeader } from './channel-header';

interface ChannelViewProps {
  channelId: string;
  /** The tabs the features contribute (app/shell/channel-tabs.tsx), in order. */
  tabs: readonly ChannelTab[];
  /** The header's actions the features contribute (app/shell/channel-header-actions.ts). */
  actions: readonly ChannelHeaderAction[];
}

/** How many channel views stay mounted: the one on screen and the last two left. */
const KEPT_VIEWS = 3;

interface KeptView {
  channelId: string;
  /** A new visit mounts the channel's view afresh (its key). */
  visit: number;
  /** When it was last opened, for the least recently used to go first. */
  openedAt: number;
  /** Opened with unread messages: its "Nouveaux messages" line belongs to that visit. */
  lineShown: boolean;
}

/**
 * docs/product.md §2 channel view: the header, then the tabs the features contribute.
 *
 * The last channels left stay mounted, hidden (React's <Activity>: display none, their
 * effects stopped, so a hidden view neither marks read nor answers shortcuts), and going back
 * to one is a style change instead of a new mount (docs/performance-log.md, "Channel switch").
 * Only while nothing happened there: a channel with unread messages now or at its last opening
 * (its "Nouveaux messages" line is that visit's), or a voice channel (its call), opens as a new
 * visit.
 */
export function ChannelView({ channelId, tabs, actions }: ChannelViewProps) {
  const channels = useChannels().data;
  usePrefetchOpening(channelId, listedIn(channels, channelId));
  const [views, setViews] = useState<KeptView[]>(() => [
    { channelId, visit: 0, openedAt: 0, lineShown: opensWithLine(listedIn(channels, channelId)) },
  ]);
  const [current, setCurrent] = useState(channelId);
  if (current !== channelId) {
    setCurrent(channelId);
    setViews(openView(views, channelId, channels));
  }
  // In a stable order: a view moved in the document loses its scroll position.
  return views.map((view) => (
    <Activity key={view.channelId} mode={view.channelId === channelId ? 'visible' : 'hidden'}>
      <OneChannelView key={view.visit} channelId={view.channelId} tabs={tabs} actions={actions} />
    </Activity>
  ));
}

type ListedChannels = ReturnType<typeof useChannels>['data'];

type Listed = NonNullable<ListedChannels>[number] | undefined;
const listedIn = (channels: ListedChannels, channelId: string): Listed =>
  channels?.find((channel) => channel.id === channelId);

/** Unread messages, so a "Nouveaux messages" line (or not known yet: assume so). */
const opensWithLine = (listed: Listed) => listed === undefined || listed.unreadCount > 0;

function openView(views: KeptView[], channelId: string, channels: ListedChannels): KeptView[] {
  const openedAt = Math.max(...views.map((view) => view.openedAt)) + 1;
  const listed = listedIn(channels, channelId);
  const lineShown = opensWithLine(listed);
  const kept = views.find((view) => view.channelId === channelId);
  if (kept) {
    const reusable = !lineShown && !kept.lineShown && listed?.type !== 'voice';
    const visit = reusable ? kept.visit : kept.visit + 1;
    return views.map((view) => (view === kept ? { channelId, visit, openedAt, lineShown } : view));
  }
  const next = [...views, { channelId, visit: 0, openedAt, lineShown }];
  if (next.length <= KEPT_VIEWS) return next;
  const oldest = next.reduce((a, b) => (b.openedAt < a.openedAt ? b : a));
  return next.filter((view) => view !== oldest);
}

/**
 * The channel and its newest page, asked for together while the switch renders: the view
 * would ask for the page only once the channel had come and its tabs had rendered, two round
 * trips and a render one after the other (docs/performance-log.md, "Channel switch"). What is
 * cached is not asked again (TanStack Query's prefetch in render).
 */
function usePrefetchOpening(channelId: string, listed: Listed) {
  const queryClient = useQueryClient();
  const { prefetchOpening } = useChannelContent();
  usePrefetchQuery(channelQueryOptions(channelId));
  // A voice channel shows its call, not the chat.
  if (listed?.type !== 'voice') prefetchOpening(queryClient, channelId);
}

function OneChannelView({ channelId, tabs, actions }: ChannelViewProps) {
  const { t } = useTranslation();
  const channel = useChannel(channelId);
  // The sidebar's list brings where reading stopped (use-read-position-at-open.ts): on a cold
  // load the view waits for it as for the channel (both asked for at once), or the
  // "Nouveaux messages" line would come after the list had shown, moving its rows.
  const listing = useChannels().isPending;
  const { user: me } = useCurrentUser();
  const opened = channel.isSuccess;
  useEffect(() => {
    if (opened) rememberLastChannel(channelId);
  }, [opened, channelId]);

  if (channel.isPending || listing) return <ChannelViewLoading />;
  if (channel.isError) {
    return (
      // The screen is up without a list (web/boot/last-screen.ts).
      <div data-screen-ready="" className="grid h-full place-items-center p-6">
        <div className="grid max-w-sm justify-items-center gap-3 text-center">
          <SearchXIcon aria-hidden className="size-10 text-muted-foreground" />
          <h1 className="font-semibold text-lg">{t('channelView.notFoundTitle')}</h1>
          <p className="text-muted-foreground text-sm">{t('channelView.notFound')}</p>
          <Button asChild variant="outline">
            <Link href="/">{t('channelView.backHome')}</Link>
          </Button>
        </div>
      </div>
    );
  }
  const isOwner = channel.data.members.some(
    (member) => member.userId === me?.id && member.role === 'owner',
  );
  // Tab state belongs to one channel: a new channel starts on the chat tab.
  return (
    <ChannelTabs
      key={channelId}
      channel={channel.data}
      isOwner={isOwner}
      tabs={tabs}
      actions={actions}
    />
  );
}

function ChannelViewLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid h-full place-items-center text-muted-foreground">
      <span className="flex items-center gap-2 text-sm">
        <Loader2Icon aria-hidden className="size-4 animate-spin" />
        {t('channelView.loading')}
      </span>
    </div>
  );
}

const PANEL_CLASS: Record<ChannelTab['layout'], string> = {
  fill: 'min-h-0 flex-1 data-[state=active]:flex data-[state=active]:flex-col',
  scroll: 'min-h-0 flex-1 overflow-y-auto',
};

function ChannelTabs({
  channel,
  isOwner,
  tabs: registered,
  actions,
}: {
  channel: ChannelWithMembers;
  isOwner: boolean;
  tabs: readonly ChannelTab[];
  actions: readonly ChannelHeaderAction[];
}) {
  const { t } = useTranslation();
  const tabs = registered.filter((tab) => tab.appliesTo?.(channel) ?? true);
  const [current, setCurrent] = useState(tabs[0]?.id);
  // A message's permalink (?message=, e.g. from a board card) shows it in the first tab, the chat;
  // ?tab= opens a tab by its id (« Ma journée » opens a task on its board: ?tab=board).
  const search = new URLSearchParams(useSearch());
  const wantsMessage = search.has('message');
  const wantsTab = search.get('tab');
  const firstTab = tabs[0]?.id;
  const wantedTab = tabs.some((tab) => tab.id === wantsTab) ? wantsTab : null;
  useEffect(() => {
    if (wantsMessage) setCurrent(firstTab);
    else if (wantedTab) setCurrent(wantedTab);
  }, [wantsMessage, firstTab, wantedTab]);
  // One visit of the channel: the chat tab may come and go, the unread line stays put.
  const readAtOpen = useReadPositionAtOpen(channel.id);
  const hasMembersTab = tabs.some((tab) => tab.id === MEMBERS_TAB_ID);

  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="flex h-full min-h-0 flex-col">
      <ChannelHeader
        titleId={titleId}
        channel={channel}
        isOwner={isOwner}
        actions={actions}
        onShowMembers={hasMembersTab ? () => setCurrent(MEMBERS_TAB_ID) : undefined}
      />
      <Tabs value={current} onValueChange={setCurrent} className="flex min-h-0 flex-1 flex-col">
        {/* On a phone, a 44 px strip of even tabs under the one header (styles.css). */}
        <div data-channel-tabs="" className="shrink-0 overflow-x-auto border-b px-3 py-2 sm:px-5">
          <TabsList aria-label={t('channelView.tabsLabel')} className="h-9">
            {tabs.map((tab) => (
              <TabsTrigger key={tab.id} value={tab.id} className="px-3 text-[13px]">
                {t(tab.labelKey)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map(({ id, layout, Panel }) => (
          <TabsContent key={id} value={id} className={PANEL_CLASS[layout]}>
            <Suspense fallback={<ChannelViewLoading />}>
              <Panel channel={channel} readAtOpen={readAtOpen} />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
