import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDay } from '#shared/my-day';
import { apiRequest } from '@/lib/api';

export const MY_DAY_KEY = ['my-day'] as const;

export const getMyDay = () => apiRequest<MyDay>('GET', '/api/me/day');

// Fetched again at each visit: what it gathers changes elsewhere (the calendar has no live
// event), and the events below keep it current while it is on screen.
export const myDayQueryOptions = () =>
  queryOptions({ queryKey: MY_DAY_KEY, queryFn: getMyDay, refetchOnMount: 'always' });

export const useMyDay = () => useQuery(myDayQueryOptions());
