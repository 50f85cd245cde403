import type { TypingUser } from '#shared/messages';
import { TypingFrameSchema } from '#shared/protocol/typing';
import { KeyedQueue } from '../../lib/keyed-queue';
import type { Log } from '../../realtime/broker-redis';
import type { Realtime } from '../../realtime/realtime';
import { CHANNEL_NOT_FOUND } from '../channels/access';
import { channelTopic } from '../channels/topics';
import { typingUpdate } from './service';
import type { TypingThrottle } from './throttle';

/** Stores a typing flag and returns the user as typing_update shows them. */
export type TypingStore = (input: {
  channelId: string;
  userId: string;
  isTyping: boolean;
}) => Promise<TypingUser | undefined>;

/**
 * The `typing` frame: stored like POST /api/channels/{id}/typing (for the docs/product.md §4 poll),
 * then typing_update to the channel's other members. Members only: the socket must listen
 * to the channel. One user's flags for one channel are handled in the order they came: a "stopped"
 * must not overtake its "started" (in the store or on the wire).
 */
export function registerTypingRealtime(
  realtime: Realtime,
  store: TypingStore,
  throttle: TypingThrottle,
  log: Log,
): void {
  const inOrder = new KeyedQueue();
  realtime.onFrame('typing', TypingFrameSchema, (socket, { channelId, isTyping }) => {
    const topic = channelTopic(channelId);
    if (!socket.isSubscribed(topic)) {
      socket.reply({ type: 'error', message: CHANNEL_NOT_FOUND });
      return;
    }
    const { userId } = socket.identity;
    if (!throttle.allow(userId, channelId, isTyping)) return;
    return inOrder.run(`${userId}:${channelId}`, async () => {
      let user: TypingUser = socket.identity.profile;
      try {
        user = (await store({ channelId, userId, isTyping })) ?? user;
      } catch (err) {
        // The flag for the poll is lost; the live event still goes out.
        log.warn({ err }, 'typing handler failed');
      }
      if (socket.closed || !socket.isSubscribed(topic)) return;
      await realtime.toTopic(topic, typingUpdate(channelId, user, isTyping), {
        exceptUserId: userId,
      });
    });
  });
}
