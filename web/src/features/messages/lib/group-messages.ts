import { isSameDay } from 'date-fns';
import type { Message } from '#shared/messages';

/** Consecutive messages of one author within this window share one header. */
export const GROUP_WINDOW_MS = 5 * 60_000;

export interface ListRow<M extends Message = Message> {
  message: M;
  /** First message of its day: a day separator goes above it. */
  startsDay: boolean;
  /** Follows a message of the same author within 5 min: no avatar or name. */
  grouped: boolean;
}

export function groupMessages<M extends Message>(messages: readonly M[]): ListRow<M>[] {
  let previous: M | undefined;
  return messages.map((message) => {
    const at = new Date(message.createdAt);
    const previousAt = previous ? new Date(previous.createdAt) : null;
    const startsDay = !previousAt || !isSameDay(previousAt, at);
    const grouped =
      !startsDay &&
      previous?.userId === message.userId &&
      previousAt !== null &&
      at.getTime() - previousAt.getTime() < GROUP_WINDOW_MS;
    previous = message;
    return { message, startsDay, grouped };
  });
}
