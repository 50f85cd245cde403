/**
 * The realtime wire contract (DESIGN §5): JSON frames `{ type, ...payload }` on /ws.
 * Names from SPEC §7 are kept; extensions are listed after them.
 */
import type { Channel, ChannelMember } from './channels';
import type { UserStatus } from './limits';
import type { Message, ReactionGroup, TypingUser } from './messages';

// ── client → server ─────────────────────────────────────────────────────────────────────
export type ClientFrame =
  | { type: 'auth'; userId: string }
  | { type: 'join_channel'; channelId: string }
  | { type: 'typing'; channelId: string; isTyping: boolean }
  | { type: 'presence'; status: UserStatus }
  | { type: 'ping' };

// ── server → client ─────────────────────────────────────────────────────────────────────
export type ServerEvent =
  // SPEC §7 names
  | { type: 'new_message'; channelId: string; seq: number; message: Message }
  | { type: 'message_updated'; channelId: string; message: Message }
  | { type: 'typing_update'; channelId: string; user: TypingUser; isTyping: boolean }
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
  | { type: 'channel_read'; channelId: string; lastReadAt: string }
  // connection
  | { type: 'auth_ok'; userId: string }
  | { type: 'joined'; channelId: string }
  | { type: 'error'; message: string }
  | { type: 'pong' };

export type ServerEventType = ServerEvent['type'];
