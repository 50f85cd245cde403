/**
 * The realtime wire contract (DESIGN §5): JSON frames `{ type, ...payload }` on /ws.
 * Names from SPEC §7 are kept; extensions are listed after them.
 *
 * Connection life (server/src/realtime/):
 * - The upgrade is authenticated by the session cookie (401 without one) and checked against
 *   the page's Origin (403 when foreign). Once the socket's channel subscriptions are loaded
 *   the server sends `ready`: from then on the socket receives the events of EVERY channel
 *   its user belongs to (unread counts, notifications), whichever channel is open.
 * - After `ready` (and after every `resync`) the client refetches, for each channel it
 *   shows, `GET /api/channels/{id}/messages?after=<last seq it saw>`: the database is the
 *   truth, sockets only signal, and events may be lost while a socket is closed or a
 *   server node lost its broker subscription (DESIGN §4).
 * - Close codes: 4401 means the session ended (sign-out) — do not reconnect, go to the
 *   landing page; 1008 a policy violation (forged `auth`); 4408 the socket fell too far
 *   behind (reconnect and catch up). Anything else: reconnect after 3 s (SPEC §4).
 *
 * Batching: frames bound for one socket within one event-loop turn are written together,
 * as ONE WebSocket message holding a JSON array of events. A message is therefore either
 * one event object or an array of them: read it with `parseServerFrame`.
 */
import { z } from 'zod';
import type { Channel, ChannelMember } from './channels';
import { USER_STATUSES, type UserStatus } from './limits';
import {
  MESSAGE_CLIENT_ID_MAX,
  type Message,
  type ReactionGroup,
  type TypingUser,
} from './messages';

// ── client → server ─────────────────────────────────────────────────────────────────────
const id = z.string().min(1).max(64);

/** Every frame a client may send; anything else gets an `error` event back. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  /** Must name the session's own user; another id closes the socket (DESIGN §4). */
  z.object({ type: z.literal('auth'), userId: id }),
  /** Marks the active channel; members only (a non-member gets an `error`). */
  z.object({ type: z.literal('join_channel'), channelId: id }),
  z.object({ type: z.literal('typing'), channelId: id, isTyping: z.boolean() }),
  /**
   * The user's chosen status. `away` when the user went idle, `online` when they are back,
   * `offline` to appear offline. Sent again after every reconnect when not online (SPEC §4).
   */
  z.object({ type: z.literal('presence'), status: z.enum(USER_STATUSES) }),
  z.object({ type: z.literal('ping') }),
  /**
   * Send a message over the socket (what the web client does; POST
   * /api/channels/{id}/messages does the same for HTTP clients). `message` is a
   * MessageCreateInput, checked like the POST's body. The answer is `message_ack` once the
   * message is committed, or `message_rejected`, both naming the clientId. Sends of one
   * socket are stored in the order they arrive.
   */
  z.object({
    type: z.literal('send_message'),
    channelId: id,
    clientId: z.string().min(1).max(MESSAGE_CLIENT_ID_MAX),
    message: z.record(z.string(), z.unknown()),
  }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

// ── server → client ─────────────────────────────────────────────────────────────────────
export type ServerEvent =
  // SPEC §7 names
  | { type: 'new_message'; channelId: string; seq: number; message: Message }
  | { type: 'message_updated'; channelId: string; message: Message }
  /** Sent to the channel's members except the typing user. */
  | { type: 'typing_update'; channelId: string; user: TypingUser; isTyping: boolean }
  /** Sent to everyone who shares a channel with the user, and to the user's own sockets. */
  | { type: 'presence_update'; userId: string; status: UserStatus }
  // extensions
  | {
      type: 'message_deleted';
      channelId: string;
      messageId: string;
      parentMessageId: string | null;
    }
  | { type: 'reaction_updated'; channelId: string; messageId: string; reactions: ReactionGroup[] }
  | { type: 'channel_updated'; channel: Channel }
  | { type: 'channel_deleted'; channelId: string }
  | { type: 'member_added'; channelId: string; member: ChannelMember }
  | { type: 'member_removed'; channelId: string; userId: string }
  | { type: 'channel_read'; channelId: string; lastReadAt: string; lastReadSeq: number }
  // connection
  /** Subscriptions are live: catch up with `?after=<seq>` now. */
  | { type: 'ready'; userId: string }
  /** Events may have been lost (the node lost its broker subscription): catch up again. */
  | { type: 'resync' }
  | { type: 'auth_ok'; userId: string }
  | { type: 'joined'; channelId: string }
  | { type: 'error'; message: string }
  | { type: 'pong' }
  /** Answers a `send_message`: the message is stored (`created` false for a retry of a stored one). */
  | { type: 'message_ack'; clientId: string; channelId: string; message: Message; created: boolean }
  /**
   * Answers a `send_message` that was refused: the status and `{ message, errors }` the
   * POST would have answered (400 invalid, 401 session over, 404 no such channel, …).
   */
  | {
      type: 'message_rejected';
      clientId: string;
      channelId: string;
      status: number;
      message: string;
      errors?: Record<string, string[]>;
    };

export type ServerEventType = ServerEvent['type'];

/** One WebSocket message from the server: an event, or a batch of them (see above). */
export type ServerFrame = ServerEvent | ServerEvent[];

/** The events of one server WebSocket message, in order. */
export function parseServerFrame(data: string): ServerEvent[] {
  const parsed = JSON.parse(data) as ServerFrame;
  return Array.isArray(parsed) ? parsed : [parsed];
}

export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_TOO_SLOW = 4408;
