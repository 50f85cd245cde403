import { type SQL, sql } from 'drizzle-orm';
import type { LinkPreview } from '#shared/link-previews';

/**
 * A message's link previews, as a column of the messages' one read (queries.ts): the
 * link-previews feature owns those rows and provides it when it registers
 * (features/link-previews/routes.ts), so messages names no link-previews module and the
 * dependency runs one way (link-previews → messages). Not provided (a test app without the
 * feature): none.
 */
export type LinkPreviewsSql = (messageId: SQL) => SQL<LinkPreview[]>;

// A pure statement builder, the same for every app in the process: wiring, not state.
let provided: LinkPreviewsSql | undefined;

export function provideLinkPreviews(previews: LinkPreviewsSql): void {
  provided = previews;
}

export function linkPreviewsSql(messageId: SQL): SQL<LinkPreview[]> {
  return provided ? provided(messageId) : sql<LinkPreview[]>`'[]'::json`;
}
