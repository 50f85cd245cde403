import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MyDay } from '#shared/my-day';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import { MY_DAY_KEY } from '../api/get-my-day';

/**
 * While « Ma journée » is on screen it follows the day live: a new or read notification
 * (mentions, direct messages), a thread's activity, a reminder delivered or changed, a task
 * of the person's saved or deleted, a reconnect; and it turns to the next day at midnight.
 */
export function useMyDayEvents(userId: string): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: MY_DAY_KEY });
  useSocketEvent(
    [
      'new_notification',
      'notification_read',
      'notifications_read_all',
      'notifications_deleted',
      'thread_activity',
      'reminders_changed',
    ],
    refresh,
  );
  useSocketEvent(['task_saved', 'task_deleted'], (event) => {
    const shown = queryClient.getQueryData<MyDay>(MY_DAY_KEY)?.tasks ?? [];
    const taskId = event.type === 'task_saved' ? event.task.id : event.taskId;
    const mine = event.type === 'task_saved' && event.task.assignedToId === userId;
    if (mine || shown.some((t) => t.id === taskId)) refresh();
  });
  useSocketCatchUp(refresh);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh only closes over the client
  useEffect(() => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 5);
    const timer = setTimeout(refresh, midnight.getTime() - now.getTime());
    return () => clearTimeout(timer);
  }, [queryClient]);
}
