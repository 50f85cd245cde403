import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Message } from '#shared/messages';
import type { ChannelPins, PinnedMessage } from '#shared/pins';
import { apiGet, apiRequest } from '@/lib/api';
import { holdsMessages, type MessageUpdate } from '@/lib/message-queries';

/** Every channel's pins query starts with this (the catch-up invalidates them all). */
export const PINS_KEY_ROOT = 'pins';
export const pinsKey = (channelId: string) => [PINS_KEY_ROOT, channelId] as const;

/** Edits, reactions and deletions reach the pinned messages (lib/message-queries.ts). */
const mapPins = (data: ChannelPins, update: MessageUpdate): ChannelPins => {
  let changed = false;
  const pins: PinnedMessage[] = [];
  for (const pin of data.pins) {
    const message = update(pin.message);
    if (message !== pin.message) changed = true;
    if (message) pins.push(message === pin.message ? pin : { ...pin, message });
  }
  return changed ? { pins } : data;
};

/** GET /api/channels/{id}/pins: newest pin first. */
export const pinsQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: pinsKey(channelId),
    queryFn: () => apiGet<ChannelPins>(`/api/channels/${encodeURIComponent(channelId)}/pins`),
    meta: holdsMessages(mapPins),
  });

export const usePins = (channelId: string) => useQuery(pinsQueryOptions(channelId));

/** The pin of this message, if it is pinned (the mark under it and the menu's entry). */
export const useMessagePin = (message: Pick<Message, 'id' | 'channelId'>) =>
  useQuery({
    ...pinsQueryOptions(message.channelId),
    select: (data) => data.pins.find((pin) => pin.message.id === message.id) ?? null,
  });

/** A pin (from the answer or a message_pinned event) goes in the channel's list, newest first. */
export function storePin(queryClient: QueryClient, channelId: string, pin: PinnedMessage) {
  queryClient.setQueryData<ChannelPins>(pinsKey(channelId), (data) =>
    data ? { pins: [pin, ...data.pins.filter((p) => p.message.id !== pin.message.id)] } : data,
  );
}

export function forgetPin(queryClient: QueryClient, channelId: string, messageId: string) {
  queryClient.setQueryData<ChannelPins>(pinsKey(channelId), (data) =>
    data ? { pins: data.pins.filter((p) => p.message.id !== messageId) } : data,
  );
}

/** POST or DELETE /api/messages/{id}/pin. */
export function useTogglePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, pin }: { message: Message; pin: boolean }) => {
      const path = `/api/messages/${encodeURIComponent(message.id)}/pin`;
      if (pin) return apiRequest<PinnedMessage>('POST', path);
      await apiRequest('DELETE', path);
      return null;
    },
    onSuccess: (pinned, { message }) => {
      if (pinned) storePin(queryClient, message.channelId, pinned);
      else forgetPin(queryClient, message.channelId, message.id);
    },
  });
}
