/**
 * Custom emoji (docs/product.md, "Émojis personnalisés"): the list kept live, the image at
 * text size, the remark plugin messages render `:nom:` with, and the settings card.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file.
 */
export { CustomEmojiCard } from './custom-emoji-card';
export { CustomEmojiProvider, useCustomEmoji } from './custom-emoji-context';
export { CustomEmojiImage } from './custom-emoji-image';
export { remarkCustomEmoji } from './remark-custom-emoji';
