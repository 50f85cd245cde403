import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { EVENTS_KEY } from './get-events';

export const deleteEvent = (id: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/calendar/events/${id}`);

export const useDeleteEvent = () => useRefreshingMutation(EVENTS_KEY, deleteEvent);
