import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '#shared/users';
import { useSocket, useSocketCatchUp, useSocketEvent, useSocketOpen } from '@/lib/socket-context';
import { FOLLOWED_THREADS_KEY } from '../api/get-followed-threads';
import { retryWaitingMessages } from '../api/send-message';
import { applyMessageEvent, catchUpCachedChannels, MESSAGE_EVENTS } from '../lib/realtime-cache';
import { useAutoAway } from './use-auto-away';

/**
 * The messages feature's live side: message, reaction and typing events patch its queries;
 * after every `ready`/`resync` each cached channel fetches what came after its last seq;
 * waiting and queued sends go out when the socket opens again or the connection is back;
 * idle → away (docs/product.md §4, §2.34).
 */
export function useMessageEvents(user: User): void {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useSocketEvent(MESSAGE_EVENTS, (event) => applyMessageEvent(queryClient, event, user.id));
  // A followed thread changed (a reply, or read on another tab): its queries refetch.
  const refetchThreads = () => queryClient.invalidateQueries({ queryKey: FOLLOWED_THREADS_KEY });
  useSocketEvent('thread_activity', () => void refetchThreads());
  useSocketCatchUp(() => {
    void catchUpCachedChannels(queryClient);
    void refetchThreads();
  });
  useSocketOpen(() => retryWaitingMessages(queryClient, socket));
  // Back online, or the server answering again: queued sends go, even without the socket.
  useEffect(
    () =>
      onlineManager.subscribe((online) => {
        if (online) retryWaitingMessages(queryClient, socket);
      }),
    [queryClient, socket],
  );
  useAutoAway(socket, user.status);
}
