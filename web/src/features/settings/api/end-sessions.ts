import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { SESSIONS_KEY } from './get-sessions';

/** DELETE /api/auth/sessions/{id}: sign one of one's browsers or devices out. */
export const endSession = (id: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);

/** POST /api/auth/sessions/end-others: every session but this one. */
export const endOtherSessions = (): Promise<{ ended: number }> =>
  apiRequest<{ ended: number }>('POST', '/api/auth/sessions/end-others');

export const useEndSession = () => useRefreshingMutation(SESSIONS_KEY, endSession);
export const useEndOtherSessions = () => useRefreshingMutation(SESSIONS_KEY, endOtherSessions);
