import { Parser } from 'htmlparser2';

/**
 * What a page says of itself, read from its HTML with htmlparser2 (never run, never a DOM):
 * OpenGraph (`og:*`), Twitter cards (`twitter:*`), `<title>`, the meta description, and the
 * oEmbed discovery link the common sites publish (YouTube, Vimeo, …). Addresses are made
 * absolute against the page's own; the texts are raw here (clean() in fetch-preview.ts).
 */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** The page's image (og:image, twitter:image), absolute; null when none or not http(s). */
  image: URL | null;
  /** `<link rel="alternate" type="application/json+oembed">`, absolute. */
  oembed: URL | null;
}

const META_KEYS = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'twitter:description', 'description'],
  siteName: ['og:site_name', 'application-name'],
  image: ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'],
} as const;

/** An http(s) address relative to the page, or null. */
export function absoluteHttpUrl(value: string | undefined, base: URL): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function readPageMetadata(html: string, pageUrl: URL): PageMetadata {
  const meta = new Map<string, string>();
  let title: string | null = null;
  let inTitle = false;
  let inSvg = 0;
  let titleText = '';
  let oembed: URL | null = null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg') inSvg += 1;
        if (name === 'title' && title === null && inSvg === 0) {
          inTitle = true;
          titleText = '';
        }
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          const content = attributes.content;
          // The first of each wins, as the sites that repeat them mean it.
          if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
        }
        if (name === 'link' && oembed === null) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          const type = (attributes.type ?? '').toLowerCase();
          if (rel.includes('alternate') && type === 'application/json+oembed') {
            oembed = absoluteHttpUrl(attributes.href, pageUrl);
          }
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'svg' && inSvg > 0) inSvg -= 1;
        if (name === 'title' && inTitle) {
          inTitle = false;
          title = titleText;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const first = (keys: readonly string[]) => {
    for (const key of keys) {
      const value = meta.get(key);
      if (value?.trim()) return value;
    }
    return null;
  };
  const image = first(META_KEYS.image);
  return {
    title: first(META_KEYS.title) ?? title,
    description: first(META_KEYS.description),
    siteName: first(META_KEYS.siteName),
    image: image ? absoluteHttpUrl(image, pageUrl) : null,
    oembed,
  };
}

/** The charset a page names: its Content-Type's, else its own `<meta charset>`; utf-8 otherwise. */
export function charsetOf(contentType: string, head: Buffer): string {
  const fromHeader = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  if (fromHeader) return fromHeader.toLowerCase();
  const start = head.subarray(0, 2048).toString('latin1');
  // Tag by tag, found by indexOf, then the attribute inside one: linear on a stranger's
  // page, where a pattern over the whole head could backtrack (lib/regex-safety.test.ts).
  const lower = start.toLowerCase();
  for (let at = lower.indexOf('<meta'); at !== -1; at = lower.indexOf('<meta', at + 1)) {
    const end = lower.indexOf('>', at);
    if (end === -1) break;
    const fromMeta = /charset\s*=\s*["']?([\w-]+)/.exec(lower.slice(at, end))?.[1];
    if (fromMeta) return fromMeta;
  }
  return 'utf-8';
}

/** The page's bytes as text, in its charset (utf-8 when the name is unknown). */
export function decodePage(contentType: string, body: Buffer): string {
  try {
    return new TextDecoder(charsetOf(contentType, body)).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
