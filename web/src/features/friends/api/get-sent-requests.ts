import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendRequest } from '#shared/friends';
import { apiGet } from '@/lib/api';
import { SENT_REQUESTS_KEY } from './keys';

export const getSentRequests = (): Promise<FriendRequest[]> =>
  apiGet<FriendRequest[]>('/api/friend-requests/sent');

export const sentRequestsQueryOptions = () =>
  queryOptions({ queryKey: SENT_REQUESTS_KEY, queryFn: getSentRequests });

export const useSentRequests = () => useQuery(sentRequestsQueryOptions());
