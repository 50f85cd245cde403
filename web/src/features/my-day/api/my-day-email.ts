import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyDayEmailSetting, MyDayEmailUpdate } from '#shared/my-day';
import { apiGet, apiRequest } from '@/lib/api';

export const MY_DAY_EMAIL_KEY = ['/api/me/day/email'] as const;

/** GET /api/me/day/email: on or off, when the next one goes, and whether mail is possible. */
export const useMyDayEmail = () =>
  useQuery({
    queryKey: MY_DAY_EMAIL_KEY,
    queryFn: () => apiGet<MyDayEmailSetting>('/api/me/day/email'),
  });

/** PUT /api/me/day/email */
export function useSaveMyDayEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MyDayEmailUpdate) =>
      apiRequest<MyDayEmailSetting>('PUT', '/api/me/day/email', input),
    onSuccess: (saved) => queryClient.setQueryData(MY_DAY_EMAIL_KEY, saved),
  });
}
