import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Channel } from '#shared/channels';
import { apiGet } from '@/lib/api';

/** The sidebar list; realtime channel and member events update this same key. */
export const CHANNELS_KEY = ['/api/channels'] as const;

export const getChannels = (): Promise<Channel[]> => apiGet<Channel[]>('/api/channels');

export const channelsQueryOptions = () =>
  queryOptions({ queryKey: CHANNELS_KEY, queryFn: getChannels });

export const useChannels = () => useQuery(channelsQueryOptions());

/** Change one channel of the sidebar list in place (badge, read position, last seq). */
export function patchListedChannel(
  queryClient: QueryClient,
  channelId: string,
  change: Partial<Channel> | ((channel: Channel) => Partial<Channel>),
): void {
  queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) =>
    list?.map((channel) =>
      channel.id === channelId
        ? { ...channel, ...(typeof change === 'function' ? change(channel) : change) }
        : channel,
    ),
  );
}

/** A channel gone for the caller (deleted, or left): out of the sidebar at once, then refetched. */
export function dropFromChannelList(queryClient: QueryClient, channelId: string): Promise<void> {
  queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) =>
    list?.filter((channel) => channel.id !== channelId),
  );
  return queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true });
}
