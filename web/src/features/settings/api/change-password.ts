import type { PasswordChangeInput } from '#shared/auth';
import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { SESSIONS_KEY } from './get-sessions';

/** POST /api/auth/password: the account's other sessions end with it. */
export const changePassword = (input: PasswordChangeInput): Promise<void> =>
  apiRequest<void>('POST', '/api/auth/password', input);

export const useChangePassword = () => useRefreshingMutation(SESSIONS_KEY, changePassword);
