import { open } from 'node:fs/promises';
import { FILE_TYPE_REFUSED, isRasterImage } from '#shared/files';
import { badRequest } from '../../lib/errors';

/** What file-type reads in the bytes → the type Ruche stores and serves (docs/files.md). */
const ACCEPTED: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'image/avif': 'image/avif',
  'application/pdf': 'application/pdf',
  // A .doc is an OLE compound file; file-type names the container, not the program.
  'application/x-cfb': 'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const TEXT_PLAIN = 'text/plain; charset=utf-8';
const TEXT_SNIFF_BYTES = 64 * 1024;
// Control characters a text file has no business holding (tab, newlines and form feed aside).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * The file's type, decided from its bytes alone — never from its name or the browser's
 * Content-Type (docs/files.md). Bytes with no accepted signature are text only if they read
 * as UTF-8 without control characters; anything else is refused (400).
 */
export async function detectFileType(tempPath: string, size: number): Promise<string> {
  if (size === 0) throw badRequest('Le fichier est vide');
  // file-type and sharp load with the first upload, not with the app (docs/performance.md,
  // "`npm test`": 0.4 s of every test file's start).
  const { fileTypeFromFile } = await import('file-type');
  const found = await fileTypeFromFile(tempPath);
  const accepted = found && ACCEPTED[found.mime];
  if (accepted) return accepted;
  // A signature Ruche does not accept may be two or three letters (BMP's "BM", a program's
  // "MZ", MP3's "ID3"): a note that begins "BMW" is still text if it reads as text.
  if (await readsAsText(tempPath, size)) return TEXT_PLAIN;
  throw badRequest(FILE_TYPE_REFUSED);
}

async function readsAsText(tempPath: string, size: number): Promise<boolean> {
  const handle = await open(tempPath, 'r');
  try {
    const length = Math.min(size, TEXT_SNIFF_BYTES);
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    // A character cut at the end of a partial sample is held back (stream), not an error.
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(
      buffer.subarray(0, bytesRead),
      { stream: size > length },
    );
    return !BINARY.test(decoded);
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

const THUMBNAIL_PX = 480;
// Decompression bombs: a small file that would decode into gigabytes is refused.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A WebP thumbnail of a raster image, turned upright by its EXIF orientation, with every bit
 * of metadata (EXIF, GPS, XMP, ICC) left out: sharp keeps none unless asked. An image the
 * decoder cannot read is refused (400).
 */
export async function makeThumbnail(tempPath: string, mimeType: string): Promise<Buffer | null> {
  if (!isRasterImage(mimeType)) return null;
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(tempPath, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: THUMBNAIL_PX,
        height: THUMBNAIL_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badRequest('Cette image est illisible ou trop grande');
  }
}
