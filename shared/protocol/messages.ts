/** The messages feature's frames and events (server/src/features/messages/realtime.ts). */
import { z } from 'zod';
import { MESSAGE_CLIENT_ID_MAX, type Message, type ReactionGroup } from '../messages';
import { frameId } from './connection';

/**
 * Send a message over the socket (what the web client does; POST
 * /api/channels/{id}/messages does the same for HTTP clients). `message` is a
 * MessageCreateInput, checked like the POST's body. The answer is `message_ack` once the
 * message is committed, or `message_rejected`, both naming the clientId. Sends of one
 * socket are stored in the order they arrive.
 */
export const SendMessageFrameSchema = z.object({
  type: z.literal('send_message'),
  channelId: frameId,
  clientId: z.string().min(1).max(MESSAGE_CLIENT_ID_MAX),
  message: z.record(z.string(), z.unknown()),
});
export type SendMessageFrame = z.infer<typeof SendMessageFrameSchema>;

export type MessageEvent =
  // docs/product.md §7 names
  | { type: 'new_message'; channelId: string; seq: number; message: Message }
  | { type: 'message_updated'; channelId: string; message: Message }
  // extensions
  | {
      type: 'message_deleted';
      channelId: string;
      messageId: string;
      parentMessageId: string | null;
    }
  | { type: 'reaction_updated'; channelId: string; messageId: string; reactions: ReactionGroup[] }
  /**
   * To a follower's sockets: a thread they follow changed (a reply, or they read it on
   * another tab). Refetch the followed-thread queries.
   */
  | { type: 'thread_activity'; parentMessageId: string }
  /** Answers a `send_message`: the message is stored (`created` false for a retry of a stored one). */
  | { type: 'message_ack'; clientId: string; channelId: string; message: Message; created: boolean }
  /**
   * Answers a `send_message` that was refused: the status and `{ message, errors }` the
   * POST would have answered (400 invalid, 401 session over, 404 no such channel, …). A
   * refusal for now (503: the store busy or restarting) carries `retryAfterMs`, the POST's
   * Retry-After: send it again after that long, with its clientId (stored once whatever).
   */
  | {
      type: 'message_rejected';
      clientId: string;
      channelId: string;
      status: number;
      message: string;
      errors?: Record<string, string[]>;
      retryAfterMs?: number;
    };
