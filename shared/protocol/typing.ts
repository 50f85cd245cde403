/** The typing feature's frame and event (server/src/features/typing/realtime.ts). */
import { z } from 'zod';
import type { TypingUser } from '../messages';
import { frameId } from './connection';

export const TypingFrameSchema = z.object({
  type: z.literal('typing'),
  channelId: frameId,
  isTyping: z.boolean(),
});

export type TypingEvent =
  /** Sent to the channel's members except the typing user. */
  { type: 'typing_update'; channelId: string; user: TypingUser; isTyping: boolean };
