import type { Message } from '#shared/messages';
import type { ReadPosition } from '@/lib/shell';

/**
 * The message the "Nouveaux messages" line goes above (Slack's "New"): the first one, in
 * reading order, that someone else wrote after the user's read position and that was already
 * there when they opened the channel. Null when there is none among the loaded messages, or
 * when it may be in an older page not loaded yet (the first loaded message qualifies but
 * older ones exist): the line appears once that page is in.
 */
export function firstUnreadMessageId(
  messages: readonly Message[],
  position: Pick<ReadPosition, 'lastReadAt' | 'lastSeq'> | null,
  meId: string,
  hasOlder: boolean,
): string | null {
  if (!position) return null;
  // Never read (a conversation opened by the other person): all is new. A channel joined
  // starts read at the join (the server sets it), so its history is not.
  const readAt = position.lastReadAt ? Date.parse(position.lastReadAt) : Number.NEGATIVE_INFINITY;
  const index = messages.findIndex(
    (message) =>
      message.userId !== meId &&
      message.seq <= position.lastSeq &&
      Date.parse(message.createdAt) > readAt,
  );
  if (index < 0 || (index === 0 && hasOlder)) return null;
  return messages[index]?.id ?? null;
}
