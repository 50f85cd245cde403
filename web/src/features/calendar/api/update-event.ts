import type { CalendarEvent, EventUpdateInput } from '#shared/calendar';
import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { EVENTS_KEY } from './get-events';

export const updateEvent = ({ id, ...input }: EventUpdateInput & { id: string }) =>
  apiRequest<CalendarEvent>('PATCH', `/api/calendar/events/${id}`, input);

export const useUpdateEvent = () => useRefreshingMutation(EVENTS_KEY, updateEvent);
