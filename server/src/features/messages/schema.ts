import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { REACTION_VALUE_MAX } from '#shared/emoji';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';

export interface AttachmentItem {
  id: string;
  name: string;
  url: string;
  size: number;
  mimeType: string;
}

export const messages = pgTable(
  'messages',
  {
    id: id(),
    channelId: ownedBy('channel_id', () => channels.id),
    userId: ownedBy('user_id', () => users.id),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<AttachmentItem[]>().notNull().default([]),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    parentMessageId: uuid('parent_message_id').references((): never => messages.id as never, {
      onDelete: 'set null',
    }),
    edited: boolean('edited').notNull().default(false),
    // docs/product.md §10.9: strictly increasing per channel, assigned in the sending transaction.
    seq: bigint('seq', { mode: 'number' }).notNull(),
    // docs/product.md §10.10: the sender's idempotency key, unique per (channel, author).
    clientId: varchar('client_id', { length: 64 }),
    // Sent as urgent: notified at once even outside working hours (docs/product.md, « Droit à
    // la déconnexion »).
    urgent: boolean('urgent').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messages_channel_seq_key').on(t.channelId, t.seq),
    uniqueIndex('messages_client_id_key').on(t.channelId, t.userId, t.clientId),
    // Replies only: most messages are top-level, and indexing their nulls cost every send a
    // write. Pages, catch-up and unread counts read by (channel_id, seq); none by created_at.
    index('messages_parent_idx').on(t.parentMessageId).where(sql`${t.parentMessageId} is not null`),
    // Full-text search: the search migration's custom SQL adds the stored generated column
    // search_vector (to_tsvector('ruche_fr', content)) and its GIN index
    // messages_content_search_idx; the text-search configuration is not drizzle's to make.
    // Newest first across channels, for search (docs/search.md): a word in many messages is
    // found by reading this index backwards, a rare one through the GIN index.
    index('messages_created_idx').on(t.createdAt, t.id),
  ],
);

export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    messageId: ownedBy('message_id', () => messages.id),
    userId: ownedBy('user_id', () => users.id),
    // An emoji, or `:nom:` of a custom one (docs/product.md, "Émojis personnalisés").
    emoji: varchar('emoji', { length: REACTION_VALUE_MAX }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reactions_message_user_emoji_key').on(t.messageId, t.userId, t.emoji)],
);

/**
 * Threads a user follows (Slack's "Fils de discussion"): the parent's author, every replier
 * and everyone mentioned in it, added after each reply (threads.ts), with how far they read.
 * Only the channel's current members see their threads: the list checks membership.
 */
export const threadFollows = pgTable(
  'thread_follows',
  {
    userId: ownedBy('user_id', () => users.id),
    parentMessageId: ownedBy('parent_message_id', () => messages.id),
    channelId: ownedBy('channel_id', () => channels.id),
    /** The seq of the last reply read; replies after it, by others, are unread. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.parentMessageId] }),
    index('thread_follows_parent_idx').on(t.parentMessageId),
  ],
);

/**
 * Edit history (docs/product.md, "Historique des modifications"): each edit that changes the
 * text keeps the text it replaced, with when that text was written. Gone with the message.
 */
export const messageVersions = pgTable(
  'message_versions',
  {
    id: id(),
    messageId: ownedBy('message_id', () => messages.id),
    content: text('content').notNull(),
    /** When this text was written: the message's creation, or the edit that wrote it. */
    writtenAt: tz('written_at').notNull(),
    /** When an edit replaced it. */
    replacedAt: tz('replaced_at').notNull().defaultNow(),
  },
  (t) => [index('message_versions_message_idx').on(t.messageId, t.writtenAt)],
);
