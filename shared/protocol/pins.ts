/** The pins feature's events (server/src/features/pins/): pins to a channel's members, saves to their owner. */
import type { PinnedMessage, SavedMessage } from '../pins';

export type PinEvent =
  /** To the channel's members: a message was pinned (the panel and the message's mark). */
  | { type: 'message_pinned'; channelId: string; pin: PinnedMessage }
  | { type: 'message_unpinned'; channelId: string; messageId: string }
  /** To the saver's own sockets, on every node. */
  | { type: 'message_saved'; channelId: string; saved: SavedMessage }
  | { type: 'message_unsaved'; channelId: string; messageId: string };
