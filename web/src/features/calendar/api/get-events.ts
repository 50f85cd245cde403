import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/calendar';
import { apiGet } from '@/lib/api';

export const EVENTS_KEY = ['/api/calendar/events'] as const;

export const getEvents = (): Promise<CalendarEvent[]> =>
  apiGet<CalendarEvent[]>('/api/calendar/events');

export const eventsQueryOptions = () => queryOptions({ queryKey: EVENTS_KEY, queryFn: getEvents });

export const useEvents = () => useQuery(eventsQueryOptions());
