import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendRequest } from '#shared/friends';
import { apiGet } from '@/lib/api';
import { RECEIVED_REQUESTS_KEY } from './keys';

export const getReceivedRequests = (): Promise<FriendRequest[]> =>
  apiGet<FriendRequest[]>('/api/friend-requests');

export const receivedRequestsQueryOptions = () =>
  queryOptions({ queryKey: RECEIVED_REQUESTS_KEY, queryFn: getReceivedRequests });

export const useReceivedRequests = () => useQuery(receivedRequestsQueryOptions());
