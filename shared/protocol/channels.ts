/** The channels feature's frames and events (server/src/features/channels/realtime.ts). */
import { z } from 'zod';
import type { Channel, ChannelMember } from '../channels';
import { frameId } from './connection';

/** Marks the active channel; members only (a non-member gets an `error`). */
export const JoinChannelFrameSchema = z.object({
  type: z.literal('join_channel'),
  channelId: frameId,
});

export type ChannelEvent =
  | { type: 'channel_updated'; channel: Channel }
  | { type: 'channel_deleted'; channelId: string }
  | { type: 'member_added'; channelId: string; member: ChannelMember }
  | { type: 'member_removed'; channelId: string; userId: string }
  | { type: 'channel_read'; channelId: string; lastReadAt: string; lastReadSeq: number }
  /** Answers `join_channel`. */
  | { type: 'joined'; channelId: string };
