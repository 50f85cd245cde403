import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Reminder,
  ReminderCreateInput,
  ScheduledCreateInput,
  ScheduledMessage,
  ScheduledUpdateInput,
} from '#shared/reminders';
import { apiRequest } from '@/lib/api';
import { browserTimeZone } from '../lib/time-zone';

export const REMINDERS_KEY = ['reminders'] as const;
export const SCHEDULED_KEY = ['scheduled-messages'] as const;

export const useReminders = () =>
  useQuery({
    queryKey: REMINDERS_KEY,
    queryFn: () => apiRequest<Reminder[]>('GET', '/api/reminders'),
  });

export const useScheduledMessages = () =>
  useQuery({
    queryKey: SCHEDULED_KEY,
    queryFn: () => apiRequest<ScheduledMessage[]>('GET', '/api/scheduled-messages'),
  });

export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderCreateInput | { text: string; channelId?: string }) =>
      apiRequest<Reminder>('POST', '/api/reminders', { ...input, timeZone: browserTimeZone() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REMINDERS_KEY }),
  });
}

export function useDeleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', `/api/reminders/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REMINDERS_KEY }),
  });
}

export function useCreateScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ScheduledCreateInput, 'timeZone'>) =>
      apiRequest<ScheduledMessage>('POST', '/api/scheduled-messages', {
        ...input,
        timeZone: browserTimeZone(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY }),
  });
}

export function useUpdateScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ScheduledUpdateInput & { id: string }) =>
      apiRequest<ScheduledMessage>('PATCH', `/api/scheduled-messages/${encodeURIComponent(id)}`, {
        ...input,
        timeZone: browserTimeZone(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY }),
  });
}

export function useDeleteScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>('DELETE', `/api/scheduled-messages/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY }),
  });
}
