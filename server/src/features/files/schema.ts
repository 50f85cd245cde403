import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { FILE_MIME_MAX, FILE_ORIGINAL_NAME_MAX } from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy } from '../../db/columns';
import { channels } from '../channels/schema';

export const files = pgTable(
  'files',
  {
    id: id(),
    channelId: ownedBy('channel_id', () => channels.id),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    originalName: varchar('original_name', { length: FILE_ORIGINAL_NAME_MAX }).notNull(),
    mimeType: varchar('mime_type', { length: FILE_MIME_MAX }).notNull(),
    size: integer('size').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('files_channel_created_idx').on(t.channelId, t.createdAt)],
);
