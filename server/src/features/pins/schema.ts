import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { ownedBy, tz } from '../../db/columns';
import { channels } from '../channels/schema';
import { messages } from '../messages/schema';

/**
 * Pinned messages (docs/product.md, "Messages épinglés et enregistrés"): at most one pin per
 * message, listed by channel. Gone with the message or the channel; the pin stays when its
 * author's account goes (pinned_by set null).
 */
export const messagePins = pgTable(
  'message_pins',
  {
    messageId: ownedBy('message_id', () => messages.id).primaryKey(),
    channelId: ownedBy('channel_id', () => channels.id),
    pinnedBy: uuid('pinned_by').references(() => users.id, { onDelete: 'set null' }),
    pinnedAt: tz('pinned_at').notNull().defaultNow(),
  },
  (t) => [index('message_pins_channel_idx').on(t.channelId, t.pinnedAt)],
);

/**
 * A person's saved messages ("Enregistrés"): theirs only, newest saved first. The channel is
 * kept to list only what they can still read (membership checked on every read).
 */
export const savedMessages = pgTable(
  'saved_messages',
  {
    userId: ownedBy('user_id', () => users.id),
    messageId: ownedBy('message_id', () => messages.id),
    channelId: ownedBy('channel_id', () => channels.id),
    savedAt: tz('saved_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('saved_messages_user_saved_idx').on(t.userId, t.savedAt, t.messageId),
    // A message's deletion cascades here by message_id.
    index('saved_messages_message_idx').on(t.messageId),
    index('saved_messages_channel_idx').on(t.channelId),
  ],
);
