/** The channels feature's frames and events (server/src/features/channels/realtime.ts). */
import { z } from 'zod';
import type { Channel, ChannelMember } from '../channels';
import type { MemberRole } from '../limits';
import { frameId } from './connection';

/** Marks the active channel; members only (a non-member gets an `error`). */
export const JoinChannelFrameSchema = z.object({
  type: z.literal('join_channel'),
  channelId: frameId,
});

/**
 * Marks a channel read up to its last message, as POST /api/channels/{id}/read does, without
 * an HTTP request: the web client sends it while the socket is open (a busy channel read live
 * marks read every 2 s). Members only; the user's sockets get `channel_read`.
 */
export const MarkReadFrameSchema = z.object({
  type: z.literal('mark_read'),
  channelId: frameId,
});

export type ChannelEvent =
  | { type: 'channel_updated'; channel: Channel }
  | { type: 'channel_deleted'; channelId: string }
  | { type: 'member_added'; channelId: string; member: ChannelMember }
  | { type: 'member_removed'; channelId: string; userId: string }
  /** The channel's settings changed: renamed, described, archived (`archivedAt`) or brought back. */
  | {
      type: 'channel_changed';
      channelId: string;
      name: string;
      description: string | null;
      archivedAt: string | null;
    }
  /** A member's role changed: named or no longer administrator, or owner after a transfer. */
  | { type: 'member_role_changed'; channelId: string; userId: string; role: MemberRole }
  | { type: 'channel_read'; channelId: string; lastReadAt: string; lastReadSeq: number }
  /** Answers `join_channel`. */
  | { type: 'joined'; channelId: string };
