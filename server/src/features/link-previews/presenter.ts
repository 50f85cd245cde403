import { type SQL, sql } from 'drizzle-orm';
import type { LinkPreview } from '#shared/link-previews';
import { channelLinkPreviewSettings, linkPreviewPages, messageLinkPreviews } from './schema';

/**
 * A message's previews as one column of the messages' read (messages/link-previews-column.ts):
 * in the order of its links, not those its author removed, none in a channel that turned them
 * off. The thumbnail's address is linkPreviewImagePath's (shared/link-previews.ts), carrying
 * the image's version so that a new one is not read from a browser's cache.
 */
export const previewsColumn = (messageId: SQL): SQL<LinkPreview[]> => sql<LinkPreview[]>`(
  select coalesce(json_agg(json_build_object(
      'id', p.id, 'url', p.url, 'siteName', g.site_name, 'title', g.title,
      'description', g.description,
      'image', case when g.image_type is null then null else json_build_object(
        'url', '/api/link-previews/' || p.id || '/image?v=' || g.image_version,
        'width', g.image_width, 'height', g.image_height) end)
    order by p.position), '[]'::json)
  from ${messageLinkPreviews} p join ${linkPreviewPages} g on g.id = p.page_id
  where p.message_id = ${messageId} and not p.removed and g.status = 'ok'
    and not exists (select 1 from ${channelLinkPreviewSettings} s
      where s.channel_id = p.channel_id and not s.enabled))`;
