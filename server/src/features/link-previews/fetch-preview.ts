import sharp from 'sharp';
import {
  LINK_PREVIEW_DESCRIPTION_MAX,
  LINK_PREVIEW_SITE_NAME_MAX,
  LINK_PREVIEW_TITLE_MAX,
} from '#shared/link-previews';
import { absoluteHttpUrl, decodePage, readPageMetadata } from './page-metadata';
import { FetchRefused, type PreviewNetwork, type SafeFetchOptions, safeFetch } from './safe-fetch';

/** docs/product.md, « Aperçus de liens »: each fetch's limits. */
export const FETCH_TIMEOUT_MS = 5000;
export const FETCH_MAX_BYTES = 1024 * 1024;
export const FETCH_MAX_REDIRECTS = 3;
/** The thumbnail's largest side, in pixels (twice the card's, for dense screens). */
const THUMBNAIL_SIDE = 240;

export interface PreviewData {
  siteName: string | null;
  title: string | null;
  description: string | null;
  image: { bytes: Buffer; type: string; width: number; height: number } | null;
}

export interface FetchPreviewOptions {
  network: PreviewNetwork;
  userAgent: string;
}

/** Spaces folded, trimmed, cut at `max` characters with « … »; null when empty. */
export function clean(text: string | null | undefined, max: number): string | null {
  const folded = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!folded) return null;
  const chars = [...folded];
  return chars.length <= max
    ? folded
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

const limits = (options: FetchPreviewOptions) => ({
  network: options.network,
  userAgent: options.userAgent,
  maxRedirects: FETCH_MAX_REDIRECTS,
  timeoutMs: FETCH_TIMEOUT_MS,
  maxBytes: FETCH_MAX_BYTES,
});

const isHtml = (type: string) =>
  type.startsWith('text/html') || type.startsWith('application/xhtml+xml');
const isJson = (type: string) => /^(application|text)\/(json|[\w.+-]*\+json)\b/.test(type);
// Raster images only: an SVG is a document (scripts, outside references), not a picture.
const isRaster = (type: string) => /^image\/(png|jpeg|gif|webp|avif)\b/.test(type);

interface OEmbed {
  title?: unknown;
  provider_name?: unknown;
  author_name?: unknown;
  thumbnail_url?: unknown;
}

async function readOEmbed(url: URL, options: FetchPreviewOptions): Promise<OEmbed | null> {
  const fetched = await safeFetch(url, {
    ...limits(options),
    accept: 'application/json',
    acceptType: isJson,
    truncate: false,
  } satisfies SafeFetchOptions);
  const parsed: unknown = JSON.parse(fetched.body.toString('utf8'));
  return parsed && typeof parsed === 'object' ? (parsed as OEmbed) : null;
}

async function thumbnail(url: URL, options: FetchPreviewOptions): Promise<PreviewData['image']> {
  const fetched = await safeFetch(url, {
    ...limits(options),
    accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif',
    acceptType: isRaster,
    truncate: false,
  });
  const { data, info } = await sharp(fetched.body, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, type: 'image/webp', width: info.width, height: info.height };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * What a link's card shows: the page's metadata, completed by its oEmbed answer when the page
 * lacks a title or an image, and the server's thumbnail of its image. Null when the page has
 * nothing to show (no title, no description). Throws FetchRefused when the page could not be
 * read (refused address, redirect, size, type, time).
 */
export async function fetchPreview(
  url: URL,
  options: FetchPreviewOptions,
): Promise<PreviewData | null> {
  const page = await safeFetch(url, {
    ...limits(options),
    accept: 'text/html,application/xhtml+xml',
    acceptType: isHtml,
    // The head is at the start: a long page is read up to the limit, not refused.
    truncate: true,
  });
  const meta = readPageMetadata(decodePage(page.contentType, page.body), page.url);
  let { title, siteName } = meta;
  let imageUrl = meta.image;
  if (meta.oembed && (!title || !imageUrl)) {
    const oembed = await readOEmbed(meta.oembed, options).catch(() => null);
    title ??= text(oembed?.title);
    siteName ??= text(oembed?.provider_name);
    imageUrl ??= absoluteHttpUrl(text(oembed?.thumbnail_url) ?? undefined, meta.oembed);
  }
  const preview = {
    siteName:
      clean(siteName, LINK_PREVIEW_SITE_NAME_MAX) ?? page.url.hostname.replace(/^www\./, ''),
    title: clean(title, LINK_PREVIEW_TITLE_MAX),
    description: clean(meta.description, LINK_PREVIEW_DESCRIPTION_MAX),
  };
  if (!preview.title && !preview.description) return null;
  // A page without its image still has its card.
  const image = imageUrl ? await thumbnail(imageUrl, options).catch(() => null) : null;
  return { ...preview, image };
}

export { FetchRefused };
