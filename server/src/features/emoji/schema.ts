import { boolean, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { CUSTOM_EMOJI_NAME_MAX } from '#shared/emoji';
import { users } from '../../auth/schema';
import { createdAt, id } from '../../db/columns';

/**
 * Custom emoji (docs/product.md, "Émojis personnalisés"): one per name across the instance.
 * The image lives in the files storage under `storage_key`; a new image under a name is a new
 * row, and so a new URL (served as immutable).
 */
export const customEmoji = pgTable(
  'custom_emoji',
  {
    id: id(),
    name: varchar('name', { length: CUSTOM_EMOJI_NAME_MAX }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    animated: boolean('animated').notNull().default(false),
    // The emoji stays when its author's account goes.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custom_emoji_name_key').on(t.name),
    index('custom_emoji_user_idx').on(t.userId),
  ],
);
