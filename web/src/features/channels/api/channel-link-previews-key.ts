/**
 * The query key of a channel's link-preview switch, apart from its hooks: the channel events
 * (first load) name it without bringing the members tab's code along.
 */
export const channelLinkPreviewsPath = (channelId: string) =>
  `/api/channels/${encodeURIComponent(channelId)}/link-previews`;
export const channelLinkPreviewsKey = (channelId: string) =>
  [channelLinkPreviewsPath(channelId)] as const;
