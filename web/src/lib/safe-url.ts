import { decodePunycode } from './punycode';

/**
 * Addresses that come from what people write (message bodies and anything else a member
 * types) are parsed here, never with a bare `new URL`, which throws on `http://[`,
 * `https://a%zz/`, `https://xn--/x` or `http://1.2.3.4.5/`: thrown while rendering, one
 * message unmounted the whole app for every reader of its channel (docs/security.md,
 * "Hostile content"). What does not parse is shown as text, never as a link or an image.
 */

/** The schemes whose host is a domain or an address (WHATWG URL, "special scheme"). */
const SPECIAL_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:']);

/** `new URL(address, base)`, or null where the address does not parse. Never throws. */
export function parseUrl(address: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return null;
  }
  return SPECIAL_SCHEMES.has(url.protocol) && !validHost(url.hostname) ? null : url;
}

/**
 * What the URL standard refuses and Chromium keeps, so that every engine gives one answer:
 * a `%` in a host (a forbidden domain code point: `http://a%20b`), and an `xn--` label that
 * is not Punycode for something (`https://xn--/x`).
 */
export function validHost(hostname: string): boolean {
  if (hostname.includes('%')) return false;
  return hostname.split('.').every((label) => {
    if (!label.toLowerCase().startsWith('xn--')) return true;
    const decoded = decodePunycode(label.slice(4));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    return Boolean(decoded) && !/[\u0000-\u001f\u007f-\u009f]/.test(decoded ?? '');
  });
}

/**
 * Where there is no page to resolve against (rendered outside a browser: server rendering,
 * the tests): a host that cannot exist (RFC 2606 `.invalid`), so every absolute address
 * counts as someone else's.
 */
const NO_PAGE = 'https://page.invalid/';

/** The page's address, to resolve relative addresses against; tolerates there being no page. */
export function pageUrl(): URL {
  const href = globalThis.location?.href;
  return (href ? parseUrl(href) : null) ?? new URL(NO_PAGE);
}
