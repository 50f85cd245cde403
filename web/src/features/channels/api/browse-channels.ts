import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicChannel } from '#shared/channels';
import { apiGet } from '@/lib/api';

export const BROWSE_CHANNELS_KEY = ['/api/channels/browse'] as const;

export const browseChannels = (): Promise<PublicChannel[]> =>
  apiGet<PublicChannel[]>('/api/channels/browse');

export const browseChannelsQueryOptions = () =>
  queryOptions({ queryKey: BROWSE_CHANNELS_KEY, queryFn: browseChannels });

/** Fetched only while the browse dialog is open; fresh each time it opens. */
export const useBrowseChannels = (enabled: boolean) =>
  useQuery({ ...browseChannelsQueryOptions(), enabled, staleTime: 0 });
