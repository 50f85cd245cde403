import { onlineManager, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Channel } from '#shared/channels';
import type { Message } from '#shared/messages';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';
import { useCurrentUser } from '@/features/auth';
import { ArchivedChannelNotice, joinChannel, useChannelMembers } from '@/features/channels';
import { getActiveChannel, setActiveChannel } from '@/lib/channel-in-view';
import type { ReadPosition } from '@/lib/shell';
import { useRegisterSkipTarget } from '@/lib/skip-link';
import { useConnectionState, useSocket } from '@/lib/socket-context';
import { useSendMessage } from '../api/send-message';
import { refreshShownChannel } from '../lib/realtime-cache';
import { ChatContext, type ChatContextValue } from './chat-context';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { ThreadPanel } from './thread-panel';
import { TypingLine } from './typing-line';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

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
  // docs/product.md §2.34: opened offline, or with the server out of reach (the query client
  // knows: app/offline-cache.ts), the list shows what this browser kept and the composer
  // queues; a link lost later says it reconnects.
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const connected = Boolean(socket?.hasConnected);
  const offline = !online && !connected;
  const linkLost = offline || (connected && connection !== 'open');
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

  const composerBox = useRef<HTMLDivElement>(null);
  const focusComposer = useCallback(
    () => composerBox.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus(),
    [],
  );
  // Issue 45 item 15: the page's first tab stop goes to the composer.
  useRegisterSkipTarget(t('composer.skipTo'), focusComposer, !channel.archivedAt);

  // Closing a thread gives the focus back where it opened from (issue 45 item 15): the
  // control, or its message when that control is gone (a toolbar shows only while in use).
  const opener = useRef<{ element: HTMLElement | null; messageId: string } | null>(null);
  const openThread = useCallback((message: Message) => {
    const active = document.activeElement;
    opener.current = {
      element: active instanceof HTMLElement && active !== document.body ? active : null,
      messageId: message.id,
    };
    setThreadId(message.id);
  }, []);
  const closeThread = useCallback(() => {
    setThreadId(null);
    const from = opener.current;
    opener.current = null;
    if (!from?.element) return;
    requestAnimationFrame(() => {
      if (from.element?.isConnected) return from.element.focus();
      document
        .querySelector<HTMLElement>(`article[data-message-id="${CSS.escape(from.messageId)}"]`)
        ?.focus();
    });
  }, []);

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
      focusComposer,
    }),
    [channel, me, members, openThread, retry, discard, editRequest, requestEdit, focusComposer],
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
              <span className="size-1.5 shrink-0 animate-pulse rounded-full bg-away" aria-hidden />
              {t(offline ? 'presence.offlineReading' : 'presence.reconnecting')}
            </p>
          ) : null}
          <MessageList readAtOpen={readAtOpen} />
          <TypingLine channelId={channel.id} />
          {/* An archived channel is read-only (issue 48): its notice stands where one writes. */}
          {channel.archivedAt ? (
            <ArchivedChannelNotice channel={channel} />
          ) : (
            <div ref={composerBox} className="contents">
              <Composer placeholder={placeholder} />
            </div>
          )}
        </section>
        {threadId ? <ThreadPanel messageId={threadId} onClose={closeThread} /> : null}
      </div>
    </ChatContext.Provider>
  );
}
