import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
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
    /** The object's key in the file store: `<channelId>/<random>`, never the sender's name. */
    filename: text('filename').notNull(),
    originalName: varchar('original_name', { length: FILE_ORIGINAL_NAME_MAX }).notNull(),
    mimeType: varchar('mime_type', { length: FILE_MIME_MAX }).notNull(),
    size: integer('size').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    /** The thumbnail's key in the file store (raster images only). */
    thumbnail: text('thumbnail'),
    /**
     * The thumbnail's bytes: they count against the uploader's quota with the original's
     * (docs/files.md, "Quotas"). Null for files stored before it was kept.
     */
    thumbnailSize: integer('thumbnail_size'),
    /**
     * The message the file was sent with, and that message's thread parent: deleting either
     * deletes the file (docs/files.md). No foreign key: the messages feature owns its table,
     * and its messageDeleted event is what removes the file and its bytes.
     */
    messageId: uuid('message_id'),
    threadParentId: uuid('thread_parent_id'),
    /**
     * Picked in a composer and not yet sent (docs/files.md, "Drafts"): only its uploader sees
     * it, until the message that carries it is sent; purged after FILES_DRAFT_TTL_MS unsent.
     */
    draft: boolean('draft').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_channel_created_idx').on(t.channelId, t.createdAt),
    index('files_message_idx').on(t.messageId),
    index('files_thread_parent_idx').on(t.threadParentId),
    // An account's usage (docs/files.md, "Quotas"), summed before each upload is recorded.
    index('files_uploaded_by_idx').on(t.uploadedById),
    // The purge of unsent drafts reads the oldest first, and only them.
    index('files_draft_created_idx').on(t.createdAt).where(sql`${t.draft}`),
  ],
);
