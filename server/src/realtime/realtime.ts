import type { UserStatus } from '#shared/limits';
import type { Message, TypingUser } from '#shared/messages';
import type { ServerEvent } from '#shared/protocol';

/**
 * A socket's `typing` frame, already checked for membership (see Realtime.onTyping). May
 * return the user as typing_update should show them (fresh from the database).
 */
export type TypingHandler = (input: {
  channelId: string;
  userId: string;
  isTyping: boolean;
}) => TypingUser | undefined | Promise<TypingUser | undefined>;

/**
 * A socket's `send_message` frame. The handler checks and stores it as POST
 * /api/channels/{id}/messages would, and throws the same HttpErrors; the hub answers the
 * socket with `message_ack` or `message_rejected`.
 */
export type SendHandler = (input: {
  sessionId: string;
  userId: string;
  channelId: string;
  clientId: string;
  message: Record<string, unknown>;
}) => Promise<{ message: Message; created: boolean }>;

/**
 * What features use to reach sockets, on this node and every other one (through the broker).
 * Features call it only after their transaction has committed (DESIGN §4: the database is
 * the truth; sockets only signal). Every call applies on this node before it returns, then
 * reaches the other nodes in the order this node made the calls.
 *
 * Order matters around membership, because an event reaches the members AT THE TIME OF THE
 * CALL: to let a removed member's sockets hear about it, call
 * `toChannel(id, member_removed)` then `memberRemoved(id, userId)`; likewise
 * `toChannel(id, channel_deleted)` then `channelDeleted(id)`; and `memberAdded(id, userId)`
 * then `toChannel(id, member_added)` so the newcomer sees it too.
 */
export interface Realtime {
  /** Every open socket of every current member of the channel (minus one user's, if asked). */
  toChannel(
    channelId: string,
    event: ServerEvent,
    options?: { exceptUserId?: string },
  ): Promise<void>;
  /** Every open socket of these users. */
  toUsers(userIds: readonly string[], event: ServerEvent): Promise<void>;
  /** A user became a member: their open sockets start receiving the channel's events. */
  memberAdded(channelId: string, userId: string): Promise<void>;
  /** A user left or was removed: their open sockets stop receiving the channel at once. */
  memberRemoved(channelId: string, userId: string): Promise<void>;
  /** The channel is gone: nobody receives it any more. */
  channelDeleted(channelId: string): Promise<void>;
  /** A session ended (sign-out): its sockets are closed on every node. */
  sessionEnded(sessionId: string): Promise<void>;
  /**
   * The user chose a status (PATCH /api/auth/user): saved to users.status and announced as
   * presence_update to everyone who shares a channel with them.
   */
  setStatus(userId: string, status: UserStatus): Promise<void>;
  /** Live presence for REST: a user with no open socket on any node is offline. */
  presenceOf(userIds: readonly string[]): Promise<Map<string, UserStatus>>;
  /**
   * Called for each `typing` frame of a member (e.g. to keep GET /api/channels/{id}/typing
   * current). The hub itself sends typing_update to the other members.
   */
  onTyping(handler: TypingHandler): void;
  /** Stores the messages sockets send (one handler: the messages feature's). */
  onSend(handler: SendHandler): void;
}
