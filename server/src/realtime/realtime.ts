import type { ServerEvent } from '#shared/protocol';

/**
 * What features use to reach sockets, on this node and every other one (through the broker).
 * Features call it only after their transaction has committed (DESIGN §4: the database is
 * the truth; sockets only signal).
 */
export interface Realtime {
  /** Every open socket of every current member of the channel. */
  toChannel(channelId: string, event: ServerEvent): Promise<void>;
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
}
