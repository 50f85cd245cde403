import type { TypingUser } from '#shared/messages';
import type { Realtime } from '../../realtime/realtime';
import { requireMember } from '../channels/access';
import { channelTopic } from '../channels/topics';
import { type Deps, publish } from '../deps';
import type { TypingBoard } from './board';

/** The one place a typing_update is made (HTTP and socket alike). */
export const typingUpdate = (channelId: string, user: TypingUser, isTyping: boolean) =>
  ({ type: 'typing_update', channelId, user, isTyping }) as const;

/**
 * What the nodes tell each other about typing, under the name TYPING_NOTES: a typing_update
 * exactly as the sockets get it, or a flag to forget (its user left the channel).
 */
export type TypingNote =
  | ReturnType<typeof typingUpdate>
  | { type: 'typing_cleared'; channelId: string; userId: string };

export const TYPING_NOTES = 'typing';

/** A note from any node (this one's included) on this node's board. */
export function applyTypingNote(board: TypingBoard, note: TypingNote): void {
  if (note.type === 'typing_update') board.set(note.channelId, note.user, note.isTyping);
  else board.clear(note.channelId, note.userId);
}

/**
 * typing_update to the sockets that have the channel open (minus one user's, if asked: only
 * a screen showing the channel shows who types, as in Slack; docs/realtime.md, "Viewing"),
 * and the same flag on every node's board, in one broker message. Checks no membership: the
 * caller does.
 */
export function announceTyping(
  realtime: Realtime,
  channelId: string,
  user: TypingUser,
  isTyping: boolean,
  exceptUserId?: string,
): Promise<void> {
  const event = typingUpdate(channelId, user, isTyping);
  const options = { share: TYPING_NOTES, viewersOnly: true, ...(exceptUserId && { exceptUserId }) };
  return realtime.toTopic(channelTopic(channelId), event, options);
}

/** What POST /api/channels/{id}/typing does: members only, then announceTyping. */
export async function updateTyping(
  deps: Deps,
  channelId: string,
  user: TypingUser,
  isTyping: boolean,
): Promise<void> {
  await requireMember(deps.db, channelId, user.userId);
  await publish(deps, 'typing_update', () =>
    announceTyping(deps.realtime, channelId, user, isTyping),
  );
}

/**
 * Who is typing now (docs/product.md §4 polls this every 2 s): other members whose flag is on
 * and fresh, from this node's board. The caller checks the viewer's membership; a member who
 * leaves is cleared from every board (clearTyping).
 */
export const listTyping = (board: TypingBoard, channelId: string, viewerId: string) =>
  board.list(channelId, viewerId);

/** Forget a user's typing flag in a channel on every node (they left it). */
export function clearTyping(realtime: Realtime, channelId: string, userId: string): Promise<void> {
  const note: TypingNote = { type: 'typing_cleared', channelId, userId };
  return realtime.share(TYPING_NOTES, note);
}
