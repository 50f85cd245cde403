import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '#shared/auth';
import { apiGet } from '@/lib/api';

export const SESSIONS_KEY = ['/api/auth/sessions'] as const;

export const getSessions = (): Promise<SessionInfo[]> =>
  apiGet<SessionInfo[]>('/api/auth/sessions');

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_KEY, queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
