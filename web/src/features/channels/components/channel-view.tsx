import { Loader2Icon, SearchXIcon } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { ChannelWithMembers } from '#shared/channels';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { rememberLastChannel } from '@/lib/last-channel';
import type { ChannelHeaderAction, ChannelTab } from '@/lib/shell';
import { useChannel } from '../api/get-channel';
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

/** docs/product.md §2 channel view: the header, then the tabs the features contribute. */
export function ChannelView({ channelId, tabs, actions }: ChannelViewProps) {
  const { t } = useTranslation();
  const channel = useChannel(channelId);
  const { user: me } = useCurrentUser();
  const opened = channel.isSuccess;
  useEffect(() => {
    if (opened) rememberLastChannel(channelId);
  }, [opened, channelId]);

  if (channel.isPending) return <ChannelViewLoading />;
  if (channel.isError) {
    return (
      <div className="grid h-full place-items-center p-6">
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
  // A message's permalink (?message=, e.g. from a board card) shows it in the first tab, the chat.
  const wantsMessage = new URLSearchParams(useSearch()).has('message');
  const firstTab = tabs[0]?.id;
  useEffect(() => {
    if (wantsMessage) setCurrent(firstTab);
  }, [wantsMessage, firstTab]);
  // One visit of the channel: the chat tab may come and go, the unread line stays put.
  const readAtOpen = useReadPositionAtOpen(channel.id);
  const hasMembersTab = tabs.some((tab) => tab.id === MEMBERS_TAB_ID);

  return (
    <section aria-labelledby="channel-title" className="flex h-full min-h-0 flex-col">
      <ChannelHeader
        channel={channel}
        isOwner={isOwner}
        actions={actions}
        onShowMembers={hasMembersTab ? () => setCurrent(MEMBERS_TAB_ID) : undefined}
      />
      <Tabs value={current} onValueChange={setCurrent} className="flex min-h-0 flex-1 flex-col">
        <div className="shrink-0 overflow-x-auto border-b px-3 py-2 sm:px-5">
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
