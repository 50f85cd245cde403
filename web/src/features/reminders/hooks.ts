import { useQueryClient } from '@tanstack/react-query';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import { REMINDERS_KEY, SCHEDULED_KEY } from './api/reminders';

/** The owner's lists follow every tab's changes and the deliveries (docs/product.md). */
export function useReminderEvents(): void {
  const queryClient = useQueryClient();
  useSocketEvent(['reminders_changed', 'scheduled_messages_changed'], (event) => {
    const queryKey = event.type === 'reminders_changed' ? REMINDERS_KEY : SCHEDULED_KEY;
    void queryClient.invalidateQueries({ queryKey });
  });
  useSocketCatchUp(() => {
    void queryClient.invalidateQueries({ queryKey: REMINDERS_KEY });
    void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY });
  });
}
