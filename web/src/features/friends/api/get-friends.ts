import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Friend } from '#shared/friends';
import { apiGet } from '@/lib/api';
import { FRIENDS_KEY } from './keys';

export const getFriends = (): Promise<Friend[]> => apiGet<Friend[]>('/api/friends');

export const friendsQueryOptions = () =>
  queryOptions({ queryKey: FRIENDS_KEY, queryFn: getFriends });

export const useFriends = () => useQuery(friendsQueryOptions());
