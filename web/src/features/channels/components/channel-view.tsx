import {
  FolderOpenIcon,
  KanbanSquareIcon,
  Loader2Icon,
  SearchXIcon,
  Volume2Icon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ChannelWithMembers } from '#shared/channels';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useChannel } from '../api/get-channel';
import { type ReadPosition, useReadPositionAtOpen } from '../hooks/use-read-position-at-open';
import { ChannelHeader } from './channel-header';
import { ComingSoon } from './coming-soon';
import { MembersTab } from './members-tab';

type Tab = 'chat' | 'board' | 'files' | 'members';

interface ChannelViewProps {
  channelId: string;
  /**
   * The message list, composer and thread panel (the messages feature), with where the
   * unread messages began when this view opened.
   */
  renderChat?: (channel: ChannelWithMembers, readAtOpen: ReadPosition | null) => ReactNode;
}

/** SPEC §2 channel view: header, then the chat, board, files and members tabs. */
export function ChannelView({ channelId, renderChat }: ChannelViewProps) {
  const { t } = useTranslation();
  const channel = useChannel(channelId);
  const { user: me } = useCurrentUser();

  if (channel.isPending) {
    return (
      <div role="status" className="grid h-full place-items-center text-muted-foreground">
        <span className="flex items-center gap-2 text-sm">
          <Loader2Icon aria-hidden className="size-4 animate-spin" />
          {t('channelView.loading')}
        </span>
      </div>
    );
  }
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
    <ChannelTabs key={channelId} channel={channel.data} isOwner={isOwner} renderChat={renderChat} />
  );
}

function ChannelTabs({
  channel,
  isOwner,
  renderChat,
}: {
  channel: ChannelWithMembers;
  isOwner: boolean;
  renderChat?: (channel: ChannelWithMembers, readAtOpen: ReadPosition | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('chat');
  // One visit of the channel: the chat tab may come and go, the unread line stays put.
  const readAtOpen = useReadPositionAtOpen(channel.id);
  const hasMembersTab = channel.type !== 'direct';
  const tabs: Tab[] = hasMembersTab
    ? ['chat', 'board', 'files', 'members']
    : ['chat', 'board', 'files'];

  return (
    <section aria-labelledby="channel-title" className="flex h-full min-h-0 flex-col">
      <ChannelHeader
        channel={channel}
        isOwner={isOwner}
        onShowMembers={hasMembersTab ? () => setTab('members') : undefined}
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="shrink-0 overflow-x-auto border-b px-3 py-2 sm:px-5">
          <TabsList aria-label={t('channelView.tabsLabel')} className="h-9">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value} className="px-3 text-[13px]">
                {t(`channelView.tabs.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent
          value="chat"
          className="min-h-0 flex-1 data-[state=active]:flex data-[state=active]:flex-col"
        >
          {channel.type === 'voice' ? (
            // SPEC §2: a voice channel shows the voice panel instead of the chat.
            <ComingSoon
              icon={Volume2Icon}
              title={t('channelView.voiceSoonTitle')}
              description={t('channelView.voiceSoon')}
            />
          ) : (
            renderChat?.(channel, readAtOpen)
          )}
        </TabsContent>
        <TabsContent value="board" className="min-h-0 flex-1 overflow-y-auto">
          <ComingSoon
            icon={KanbanSquareIcon}
            title={t('channelView.boardSoonTitle')}
            description={t('channelView.boardSoon')}
          />
        </TabsContent>
        <TabsContent value="files" className="min-h-0 flex-1 overflow-y-auto">
          <ComingSoon
            icon={FolderOpenIcon}
            title={t('channelView.filesSoonTitle')}
            description={t('channelView.filesSoon')}
          />
        </TabsContent>
        {hasMembersTab ? (
          <TabsContent value="members" className="min-h-0 flex-1 overflow-y-auto">
            <MembersTab channel={channel} />
          </TabsContent>
        ) : null}
      </Tabs>
    </section>
  );
}
