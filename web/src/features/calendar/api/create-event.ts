import type { CalendarEvent, EventCreateInput } from '#shared/calendar';
import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { EVENTS_KEY } from './get-events';

export const createEvent = (input: EventCreateInput): Promise<CalendarEvent> =>
  apiRequest<CalendarEvent>('POST', '/api/calendar/events', input);

export const useCreateEvent = () => useRefreshingMutation(EVENTS_KEY, createEvent);
