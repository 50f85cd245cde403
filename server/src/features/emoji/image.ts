import { CUSTOM_EMOJI_PX, CUSTOM_EMOJI_TYPE_REFUSED } from '#shared/emoji';
import { badRequest } from '../../lib/errors';

/** What file-type reads in the bytes → the format the emoji is kept in. */
const FORMATS = { 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
type Mime = keyof typeof FORMATS;
// A small file that would decode into gigabytes is refused (as files/inspect.ts does).
const MAX_INPUT_PIXELS = 4_000_000;

export interface EmojiImage {
  bytes: Buffer;
  contentType: Mime;
  animated: boolean;
}

/**
 * The image of a custom emoji (docs/product.md, "Émojis personnalisés"): its type read from
 * its bytes alone (PNG, GIF, WebP), fitted into 128 px without being enlarged, every frame of
 * an animation kept, metadata left out (sharp keeps none unless asked). Anything the decoder
 * cannot read is refused (400).
 */
export async function prepareEmojiImage(input: Buffer): Promise<EmojiImage> {
  if (input.length === 0) throw badRequest(CUSTOM_EMOJI_TYPE_REFUSED);
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(input);
  if (!found || !(found.mime in FORMATS)) throw badRequest(CUSTOM_EMOJI_TYPE_REFUSED);
  const mime = found.mime as Mime;
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(input, { animated: true, limitInputPixels: MAX_INPUT_PIXELS });
    const { pages = 1 } = await image.metadata();
    const bytes = await image
      .resize({
        width: CUSTOM_EMOJI_PX,
        height: CUSTOM_EMOJI_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toFormat(FORMATS[mime])
      .toBuffer();
    return { bytes, contentType: mime, animated: pages > 1 };
  } catch {
    throw badRequest(CUSTOM_EMOJI_TYPE_REFUSED);
  }
}
