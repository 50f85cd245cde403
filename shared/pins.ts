import { z } from 'zod';
import type { Message } from './messages';
import type { User } from './users';

/** The most messages a channel keeps pinned (docs/product.md, "Messages épinglés et enregistrés"). */
export const PINS_PER_CHANNEL_MAX = 100;
/** The most messages one person keeps saved. */
export const SAVED_PER_USER_MAX = 1000;
/** GET /api/saved: items per page. */
export const SAVED_PAGE_SIZE = 20;

export const PIN_FORBIDDEN =
  'Seuls l’auteur du message et les administrateurs du canal peuvent l’épingler';
export const UNPIN_FORBIDDEN =
  'Seuls l’auteur du message et les administrateurs du canal peuvent le désépingler';
export const PINS_FULL = `Ce canal a déjà ${PINS_PER_CHANNEL_MAX} messages épinglés : désépinglez-en un d’abord`;
export const SAVED_FULL = `Vous avez déjà ${SAVED_PER_USER_MAX} messages enregistrés : retirez-en d’abord`;

/** One pinned message: GET /api/channels/{id}/pins, POST /api/messages/{id}/pin. */
export interface PinnedMessage {
  message: Message;
  pinnedAt: string;
  /** Who pinned it; null when their account is gone. */
  pinnedBy: User | null;
}

/** GET /api/channels/{id}/pins: every pinned message of the channel, newest pin first. */
export interface ChannelPins {
  pins: PinnedMessage[];
}

/** One saved message: GET /api/saved, POST /api/messages/{id}/save. */
export interface SavedMessage {
  message: Message;
  savedAt: string;
}

/** GET /api/saved: the caller's saved messages they can still read, newest saved first. */
export interface SavedPage {
  items: SavedMessage[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

/** GET /api/channels/{id}/saved: which of the channel's messages the caller saved. */
export interface ChannelSavedIds {
  messageIds: string[];
}

const SAVED_CURSOR_INVALID = 'Le curseur de pagination des messages enregistrés n’est pas valide';

/** GET /api/saved query: `cursor` from the previous page's nextCursor. */
export const SavedListQuerySchema = z.object({
  cursor: z
    .string({ error: SAVED_CURSOR_INVALID })
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[0-9a-f-]{36}$/, SAVED_CURSOR_INVALID)
    .optional(),
});
export type SavedListQuery = z.infer<typeof SavedListQuerySchema>;
