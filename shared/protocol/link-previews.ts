/** The link previews feature's events (server/src/features/link-previews/). */
export type LinkPreviewEvent =
  /**
   * To the channel's members: its managers turned its previews on or off; the messages are
   * read again, their cards shown or hidden (docs/product.md, « Aperçus de liens »).
   */
  { type: 'channel_link_previews_changed'; channelId: string; enabled: boolean };
