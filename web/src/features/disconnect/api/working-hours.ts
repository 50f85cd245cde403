import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TimeOff,
  TimeOffCreateInput,
  WorkingHours,
  WorkingHoursUpdateInput,
} from '#shared/disconnect';
import { apiGet, apiRequest } from '@/lib/api';

export const WORKING_HOURS_KEY = ['me', 'working-hours'] as const;

/** GET /api/me/working-hours: the person's week, zone and time off. */
export const useWorkingHours = () =>
  useQuery({
    queryKey: WORKING_HOURS_KEY,
    queryFn: () => apiGet<WorkingHours>('/api/me/working-hours'),
  });

/** PUT /api/me/working-hours: a week of one's own. */
export function useSaveWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkingHoursUpdateInput) =>
      apiRequest<WorkingHours>('PUT', '/api/me/working-hours', input),
    onSuccess: (saved) => queryClient.setQueryData(WORKING_HOURS_KEY, saved),
  });
}

/** DELETE /api/me/working-hours: back to the instance's week. */
export function useResetWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', '/api/me/working-hours'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKING_HOURS_KEY }),
  });
}

/** POST /api/me/time-off */
export function useAddTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeOffCreateInput) =>
      apiRequest<TimeOff>('POST', '/api/me/time-off', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKING_HOURS_KEY }),
  });
}

/** DELETE /api/me/time-off/{id} */
export function useDeleteTimeOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', `/api/me/time-off/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WORKING_HOURS_KEY }),
  });
}
