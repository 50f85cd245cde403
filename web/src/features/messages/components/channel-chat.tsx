import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '#shared/channels';
import type { Message } from '#shared/messages';
import { type User, userDisplayName } from '#shared/users';
import { useCurrentUser } from '@/features/auth';
import { ArchivedChannelNotice, joinChannel, useChannelMembers } from '@/features/channels';
import { getActiveChannel, setActiveChannel } from '@/lib/channel-in-view';
import type { ReadPosition } from '@/lib/shell';
import { useConnectionState, useSocket } from '@/lib/socket-context';
import { useSendMessage } from '../api/send-message';
import { refreshShownChannel } from '../lib/realtime-cache';
import { ChatContext, type ChatContextValue } from './chat-context';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { ThreadPanel } from './thread-panel';
import { TypingLine } from './typing-line';

type ChatChannel = Pick<Channel, 'id' | 'name' | 'type'> &
  Partial<Pick<Channel, 'directUser' | 'archivedAt' | 'role'>>;

/**
 * The channel view's chat tab (docs/product.md §2): message list, empty state, typing line, composer,
 * and the thread panel beside them. Mount it with the channel on screen; the realtime
 * socket comes from <RealtimeProvider> higher up.
 */
export function ChannelChat({
  channel,
  readAtOpen,
}: {
  channel: ChatChannel;
  /** Where the unread messages began when the channel was opened (the channel view's). */
  readAtOpen: ReadPosition | null | undefined;
}) {
  const { user } = useCurrentUser();
  if (!user) return null;
  // A fresh chat per channel: no thread or draft state leaks from the previous one.
  return <ChannelChatView key={channel.id} channel={channel} me={user} readAtOpen={readAtOpen} />;
}

function ChannelChatView({
  channel,
  me,
  readAtOpen,
}: {
  channel: ChatChannel;
  me: User;
  readAtOpen: ReadPosition | null | undefined;
}) {
  const { t } = useTranslation();
  const socket = useSocket();
  const connection = useConnectionState();
  const linkLost = Boolean(socket?.hasConnected) && connection !== 'open';
  const [threadId, setThreadId] = useState<string | null>(null);
  const [editRequest, setEditRequest] = useState<ChatContextValue['editRequest']>(null);
  const requestEdit = useCallback(
    (messageId: string) => setEditRequest({ messageId, nonce: Date.now() }),
    [],
  );
  const { data: memberList } = useChannelMembers(channel.id);
  const { retry, discard } = useSendMessage(channel.id);

  // A layout effect: the join and the channel in view come before the list's effects, which
  // mark read (over the socket: the server takes it from a socket that joined) only the
  // channel in view. With its page cached, the list mounts with this view and marks at once.
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    if (socket) joinChannel(socket, channel.id);
    setActiveChannel(channel.id);
    refreshShownChannel(queryClient, channel.id);
    // Only if still this one: a kept view hidden as another shows may clean up after it.
    return () => {
      if (getActiveChannel() === channel.id) setActiveChannel(null);
    };
  }, [socket, queryClient, channel.id]);

  const members = useMemo(() => {
    const map = new Map<string, User>();
    for (const member of memberList ?? []) map.set(member.userId, member.user);
    if (channel.directUser) map.set(channel.directUser.id, channel.directUser);
    map.set(me.id, me);
    return map;
  }, [memberList, channel.directUser, me]);

  const openThread = useCallback((message: Message) => setThreadId(message.id), []);
  const closeThread = useCallback(() => setThreadId(null), []);

  const context = useMemo<ChatContextValue>(
    () => ({
      channel: { ...channel, directUser: channel.directUser ?? null },
      me,
      members,
      openThread,
      retrySend: retry,
      discardSend: discard,
      editRequest,
      requestEdit,
    }),
    [channel, me, members, openThread, retry, discard, editRequest, requestEdit],
  );

  const placeholder =
    channel.type === 'direct'
      ? t('composer.placeholderDirect', {
          name: userDisplayName(channel.directUser) ?? channel.name,
        })
      : t(channel.type === 'group' ? 'composer.placeholderGroup' : 'composer.placeholder', {
          name: channel.name,
        });

  return (
    <ChatContext.Provider value={context}>
      <div className="flex h-full min-h-0 w-full">
        <section className="flex min-w-0 flex-1 flex-col" aria-label={channel.name}>
          {linkLost ? (
            <p
              role="status"
              className="flex shrink-0 items-center justify-center gap-2 border-away/30 border-b bg-away/10 px-4 py-1.5 text-away text-xs"
            >
              <span className="size-1.5 animate-pulse rounded-full bg-away" aria-hidden />
              {t('presence.reconnecting')}
            </p>
          ) : null}
          <MessageList readAtOpen={readAtOpen} />
          <TypingLine channelId={channel.id} />
          {/* An archived channel is read-only (issue 48): its notice stands where one writes. */}
          {channel.archivedAt ? (
            <ArchivedChannelNotice channel={channel} />
          ) : (
            <Composer placeholder={placeholder} />
          )}
        </section>
        {threadId ? <ThreadPanel messageId={threadId} onClose={closeThread} /> : null}
      </div>
    </ChatContext.Provider>
  );
}
