import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ThreadListPage, ThreadUnreadCount } from '#shared/messages';
import { apiGet } from '@/lib/api';

/** Every followed-thread query: `thread_activity` events and read marks invalidate them all. */
export const FOLLOWED_THREADS_KEY = ['/api/threads'] as const;
const UNREAD_THREADS_KEY = [...FOLLOWED_THREADS_KEY, 'unread'] as const;
const LIST_KEY = [...FOLLOWED_THREADS_KEY, 'list'] as const;

/** GET /api/threads: followed threads, newest activity first, by cursor. */
export const getFollowedThreads = (cursor: string | null): Promise<ThreadListPage> =>
  apiGet<ThreadListPage>(
    cursor ? `/api/threads?cursor=${encodeURIComponent(cursor)}` : '/api/threads',
  );

export const followedThreadsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: LIST_KEY,
    queryFn: ({ pageParam }) => getFollowedThreads(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useFollowedThreads = () => useInfiniteQuery(followedThreadsQueryOptions());

/** GET /api/threads/unread: the sidebar badge (threads with unread replies). */
export const useUnreadThreadCount = () =>
  useQuery({
    queryKey: UNREAD_THREADS_KEY,
    queryFn: () => apiGet<ThreadUnreadCount>('/api/threads/unread'),
    select: (data) => data.count,
  });
