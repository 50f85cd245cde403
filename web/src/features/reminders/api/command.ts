import type { Reminder } from '#shared/reminders';
import { apiRequest } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { browserTimeZone } from '../lib/time-zone';
import { REMINDERS_KEY } from './reminders';

/** `/rappel <quand> <quoi>`: the server reads the time and keeps the rest as the note. */
export async function createReminderFromText(text: string, channelId: string): Promise<Reminder> {
  const reminder = await apiRequest<Reminder>('POST', '/api/reminders', {
    text,
    channelId,
    timeZone: browserTimeZone(),
  });
  void queryClient.invalidateQueries({ queryKey: REMINDERS_KEY });
  return reminder;
}
