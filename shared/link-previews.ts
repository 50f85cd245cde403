import { z } from 'zod';

/**
 * Link previews (docs/product.md, « Aperçus de liens »): the server fetches the first links of
 * a message from public addresses only and shows what the page says of itself under the
 * message. Readers' browsers never reach the page: the thumbnail is the server's copy.
 */

/** The links of one message that get a preview: its first ones, in the order of the text. */
export const LINK_PREVIEWS_PER_MESSAGE = 3;
/** What a preview keeps of the page's texts, in characters (longer ones end in « … »). */
export const LINK_PREVIEW_TITLE_MAX = 200;
export const LINK_PREVIEW_DESCRIPTION_MAX = 300;
export const LINK_PREVIEW_SITE_NAME_MAX = 80;
/** The longest address previewed. */
export const LINK_PREVIEW_URL_MAX = 2048;

/** One preview, as it rides on its message (`Message.previews`). */
export interface LinkPreview {
  id: string;
  /** The address written in the message (the card's link). */
  url: string;
  siteName: string | null;
  title: string | null;
  description: string | null;
  /** The server's thumbnail of the page's image (a path under /api); null when there is none. */
  image: { url: string; width: number; height: number } | null;
}

/** The path of a preview's thumbnail: served to the channel's members only. */
export const linkPreviewImagePath = (previewId: string, version: string) =>
  `/api/link-previews/${previewId}/image?v=${encodeURIComponent(version)}`;

/** GET|PUT /api/channels/{id}/link-previews: the channel's switch. */
export const ChannelLinkPreviewsSchema = z.object({
  enabled: z.boolean({ error: 'enabled doit être vrai ou faux' }),
});
export type ChannelLinkPreviewsInput = z.infer<typeof ChannelLinkPreviewsSchema>;
export interface ChannelLinkPreviews {
  /** The channel's own switch (on unless its administrators turned it off). */
  enabled: boolean;
  /** LINK_PREVIEWS: off for the whole instance, whatever the channel says. */
  instanceEnabled: boolean;
  /** Whether the caller may turn it on or off (the channel's owner and administrators). */
  canManage: boolean;
}

export const LINK_PREVIEW_NOT_FOUND = 'Aperçu introuvable';
export const LINK_PREVIEW_REMOVE_FORBIDDEN = 'Seul l’auteur du message peut retirer ses aperçus';
export const LINK_PREVIEWS_CHANNEL_FORBIDDEN =
  'Seuls les responsables du canal règlent les aperçus de liens';
