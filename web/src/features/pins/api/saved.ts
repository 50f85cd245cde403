import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Message } from '#shared/messages';
import type { ChannelSavedIds, SavedMessage, SavedPage } from '#shared/pins';
import { apiGet, apiRequest } from '@/lib/api';
import { holdsMessages, type MessageUpdate } from '@/lib/message-queries';

/** Every saved-messages query starts with this (the catch-up invalidates them all). */
export const SAVED_KEY_ROOT = 'saved';
const LIST_KEY = [SAVED_KEY_ROOT, 'list'] as const;
export const savedIdsKey = (channelId: string) => [SAVED_KEY_ROOT, 'channel', channelId] as const;

const mapSavedPages = (
  data: InfiniteData<SavedPage, string | null>,
  update: MessageUpdate,
): InfiniteData<SavedPage, string | null> => {
  let changed = false;
  const pages = data.pages.map((page) => {
    const items: SavedMessage[] = [];
    let pageChanged = false;
    for (const item of page.items) {
      const message = update(item.message);
      if (message !== item.message) pageChanged = true;
      if (message) items.push(message === item.message ? item : { ...item, message });
    }
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
};

/** GET /api/saved: one's saved messages, newest saved first, by cursor. */
export const savedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: LIST_KEY,
    queryFn: ({ pageParam }) =>
      apiGet<SavedPage>(
        pageParam ? `/api/saved?cursor=${encodeURIComponent(pageParam)}` : '/api/saved',
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    meta: holdsMessages(mapSavedPages),
  });

export const useSaved = () => useInfiniteQuery(savedQueryOptions());

/** GET /api/channels/{id}/saved: which of the channel's messages one saved. */
export const savedIdsQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: savedIdsKey(channelId),
    queryFn: () => apiGet<ChannelSavedIds>(`/api/channels/${encodeURIComponent(channelId)}/saved`),
  });

export const useIsSaved = (message: Pick<Message, 'id' | 'channelId'>) =>
  useQuery({
    ...savedIdsQueryOptions(message.channelId),
    select: (data) => data.messageIds.includes(message.id),
  });

/** A save (the answer, or message_saved from another tab): the channel's ids and the list. */
export function storeSaved(queryClient: QueryClient, saved: SavedMessage) {
  const { id, channelId } = saved.message;
  queryClient.setQueryData<ChannelSavedIds>(savedIdsKey(channelId), (data) =>
    data && !data.messageIds.includes(id) ? { messageIds: [...data.messageIds, id] } : data,
  );
  queryClient.setQueryData<InfiniteData<SavedPage, string | null>>(LIST_KEY, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.message.id !== id),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, items: [saved, ...first.items] }, ...rest] };
  });
}

export function forgetSaved(queryClient: QueryClient, channelId: string, messageId: string) {
  queryClient.setQueryData<ChannelSavedIds>(savedIdsKey(channelId), (data) =>
    data ? { messageIds: data.messageIds.filter((id) => id !== messageId) } : data,
  );
  queryClient.setQueryData<InfiniteData<SavedPage, string | null>>(LIST_KEY, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.filter((item) => item.message.id !== messageId),
          })),
        }
      : data,
  );
}

/** POST or DELETE /api/messages/{id}/save. */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, save }: { message: Message; save: boolean }) => {
      const path = `/api/messages/${encodeURIComponent(message.id)}/save`;
      if (save) return apiRequest<SavedMessage>('POST', path);
      await apiRequest('DELETE', path);
      return null;
    },
    onSuccess: (saved, { message }) => {
      if (saved) storeSaved(queryClient, saved);
      else forgetSaved(queryClient, message.channelId, message.id);
    },
  });
}
