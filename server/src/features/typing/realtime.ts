import { TypingFrameSchema } from '#shared/protocol/typing';
import type { Realtime } from '../../realtime/realtime';
import { CHANNEL_NOT_FOUND } from '../channels/access';
import { channelTopic } from '../channels/topics';
import type { TypingBoard } from './board';
import { announceTyping, applyTypingNote, TYPING_NOTES, type TypingNote } from './service';
import type { TypingThrottle } from './throttle';

/**
 * The `typing` frame: typing_update to the channel's other viewers, and the flag on every
 * node's board for the docs/product.md §4 poll (the notes of every node land on `board`).
 * Members only: the socket must listen to the channel. Nothing is awaited between the checks
 * and the announcement, so one user's flags for one channel leave in the order they came
 * (a "stopped" cannot overtake its "started"), and the store is never touched.
 */
export function registerTypingRealtime(
  realtime: Realtime,
  board: TypingBoard,
  throttle: TypingThrottle,
): void {
  realtime.onShared<TypingNote>(TYPING_NOTES, (note) => applyTypingNote(board, note));
  realtime.onFrame('typing', TypingFrameSchema, (socket, { channelId, isTyping }) => {
    if (!socket.isSubscribed(channelTopic(channelId))) {
      socket.reply({ type: 'error', message: CHANNEL_NOT_FOUND });
      return;
    }
    const { userId, profile } = socket.identity;
    if (!throttle.allow(userId, channelId, isTyping)) return;
    return announceTyping(realtime, channelId, profile, isTyping, userId);
  });
}
