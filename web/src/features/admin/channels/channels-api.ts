import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminChannelPage, ChannelMember, ChannelSettings } from '#shared/channels';
import { apiGet, apiRequest } from '@/lib/api';

export const ADMIN_CHANNELS_KEY = ['/api/admin/channels'] as const;

/** GET /api/admin/channels?q=&cursor= : every channel but direct conversations, by name. */
export const useAdminChannels = (q: string) =>
  useInfiniteQuery({
    queryKey: [...ADMIN_CHANNELS_KEY, q],
    queryFn: ({ pageParam }) => {
      const search = new URLSearchParams();
      if (q) search.set('q', q);
      if (pageParam) search.set('cursor', pageParam);
      const text = search.toString();
      return apiGet<AdminChannelPage>(`/api/admin/channels${text ? `?${text}` : ''}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export type ChannelAction = 'archive' | 'unarchive' | 'delete';

/** Archive, bring back (POST /api/channels/{id}/archive|unarchive) or delete (DELETE /api/admin/channels/{id}). */
export function useChannelAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ChannelAction }) =>
      action === 'delete'
        ? apiRequest<undefined>('DELETE', `/api/admin/channels/${encodeURIComponent(id)}`)
        : apiRequest<ChannelSettings>('POST', `/api/channels/${encodeURIComponent(id)}/${action}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_CHANNELS_KEY }),
  });
}

/** GET /api/admin/channels/{id}/members, while the hand-over dialog is open. */
export const useAdminChannelMembers = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...ADMIN_CHANNELS_KEY, id, 'members'],
    queryFn: () => apiGet<ChannelMember[]>(`/api/admin/channels/${encodeURIComponent(id)}/members`),
    enabled,
  });

/** POST /api/admin/channels/{id}/transfer: `userId`, a member, becomes the owner. */
export function useAdminTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userId }: { id: string; userId: string }) =>
      apiRequest<ChannelMember>('POST', `/api/admin/channels/${encodeURIComponent(id)}/transfer`, {
        userId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_CHANNELS_KEY }),
  });
}
