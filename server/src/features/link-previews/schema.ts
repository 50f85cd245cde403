import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';
import { messages } from '../messages/schema';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * What the server read of a page (docs/product.md, « Aperçus de liens »): one row per address,
 * shared by every message that links it, so an address posted a hundred times is fetched once
 * a day (LINK_PREVIEW_TTL_MS in service.ts). `status` 'failed': nothing to show (refused,
 * unreachable, no title) — kept too, for a shorter while, so a dead link is not fetched again
 * at each message. The thumbnail is the server's own copy (WebP, small): readers never fetch
 * the page's image from its site.
 */
export const linkPreviewPages = pgTable('link_preview_pages', {
  id: id(),
  url: text('url').notNull().unique(),
  status: text('status').$type<'ok' | 'failed'>().notNull(),
  siteName: text('site_name'),
  title: text('title'),
  description: text('description'),
  image: bytea('image'),
  imageType: text('image_type'),
  imageWidth: integer('image_width'),
  imageHeight: integer('image_height'),
  /** Changes with each new thumbnail: the image's address carries it (browser caches). */
  imageVersion: text('image_version'),
  fetchedAt: tz('fetched_at').notNull().defaultNow(),
});

/**
 * A message's previews, in the order of its links; gone with the message or its channel.
 * `removed`: its author took it off (kept, so that an edit does not bring it back).
 */
export const messageLinkPreviews = pgTable(
  'message_link_previews',
  {
    id: id(),
    messageId: ownedBy('message_id', () => messages.id),
    channelId: ownedBy('channel_id', () => channels.id),
    pageId: ownedBy('page_id', () => linkPreviewPages.id),
    url: text('url').notNull(),
    position: smallint('position').notNull(),
    removed: boolean('removed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_link_previews_message_url_key').on(t.messageId, t.url),
    index('message_link_previews_page_idx').on(t.pageId),
    index('message_link_previews_channel_idx').on(t.channelId),
  ],
);

/** A channel's switch, set by its administrators; no row: on. */
export const channelLinkPreviewSettings = pgTable('channel_link_preview_settings', {
  channelId: ownedBy('channel_id', () => channels.id).primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});
