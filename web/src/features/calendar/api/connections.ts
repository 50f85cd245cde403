import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarConnection,
  CalendarProviderStatus,
  ConnectionCreated,
  ConnectionCreateInput,
  ConnectionUpdateInput,
  RemoteCalendar,
  SyncResult,
} from '#shared/calendar';
import { apiGet, apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { EVENTS_KEY } from './get-events';

export const CONNECTIONS_KEY = ['/api/calendar/connections'] as const;

export const useConnections = () =>
  useQuery({
    queryKey: CONNECTIONS_KEY,
    queryFn: () => apiGet<CalendarConnection[]>('/api/calendar/connections'),
  });

/** Which providers the server can connect to: the form disables the others, saying why. */
export const useCalendarProviders = () =>
  useQuery({
    queryKey: ['/api/calendar/providers'],
    queryFn: () => apiGet<CalendarProviderStatus[]>('/api/calendar/providers'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The answer carries the provider's consent address; the browser goes there next. */
export const useCreateConnection = () =>
  useRefreshingMutation(CONNECTIONS_KEY, (input: ConnectionCreateInput) =>
    apiRequest<ConnectionCreated>('POST', '/api/calendar/connections', input),
  );

export const useUpdateConnection = () =>
  useRefreshingMutation(
    CONNECTIONS_KEY,
    ({ id, ...input }: ConnectionUpdateInput & { id: string }) =>
      apiRequest<CalendarConnection>('PATCH', `/api/calendar/connections/${id}`, input),
  );

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/calendar/connections/${id}`),
    // Its imported events go with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
      ]),
  });
}

export const useRemoteCalendars = (id: string | null) =>
  useQuery({
    queryKey: ['/api/calendar/connections', id, 'calendars'],
    queryFn: () => apiGet<RemoteCalendar[]>(`/api/calendar/connections/${id}/calendars`),
    enabled: id !== null,
  });

/** docs/product.md §4: on completion, connections and events are refreshed (failed or not). */
export function useSyncConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<SyncResult>('POST', `/api/calendar/sync/${id}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: EVENTS_KEY }),
      ]),
  });
}
