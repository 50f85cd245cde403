import type { OfflineKeep } from '@/lib/query-persist';
import { CURRENT_USER_KEY } from './api/get-current-user';

/** Kept for the next start (lib/query-persist.ts): who is signed in, so that offline the app opens. */
export const keepCurrentUser: OfflineKeep = (query) =>
  query.queryKey.length === 1 && query.queryKey[0] === CURRENT_USER_KEY[0] && query.state.data
    ? { data: query.state.data, refetch: false }
    : undefined;
