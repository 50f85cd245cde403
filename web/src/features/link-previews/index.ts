/**
 * Link previews: the cards under a message (its message extension). The public face of this
 * feature (docs/architecture.md, "Web"): other features and app/ import it only through this
 * file. The channel's switch sits with the channel's members tab (features/channels).
 */
export { linkPreviewsMessageExtension } from './message-extension';
