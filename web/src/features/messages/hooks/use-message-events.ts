import { useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/users';
import { useSocket, useSocketCatchUp, useSocketEvent, useSocketOpen } from '@/lib/socket-context';
import { retryWaitingMessages } from '../api/send-message';
import { applyMessageEvent, catchUpCachedChannels, MESSAGE_EVENTS } from '../lib/realtime-cache';
import { useAutoAway } from './use-auto-away';

/**
 * The messages feature's live side: message, reaction and typing events patch its queries;
 * after every `ready`/`resync` each cached channel fetches what came after its last seq;
 * failed sends are retried when the socket opens again; idle → away (docs/product.md §4).
 */
export function useMessageEvents(user: User): void {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useSocketEvent(MESSAGE_EVENTS, (event) => applyMessageEvent(queryClient, event, user.id));
  useSocketCatchUp(() => void catchUpCachedChannels(queryClient));
  useSocketOpen(() => socket && retryWaitingMessages(queryClient, socket));
  useAutoAway(socket, user.status);
}
