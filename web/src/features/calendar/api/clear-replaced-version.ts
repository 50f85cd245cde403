import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { EVENTS_KEY } from './get-events';

/** docs/calendar.md "Conflicts and deletions": dismisses the note of a replaced version. */
export const clearReplacedVersion = (id: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/calendar/events/${id}/replaced-version`);

export const useClearReplacedVersion = () =>
  useRefreshingMutation(EVENTS_KEY, clearReplacedVersion);
