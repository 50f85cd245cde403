/**
 * A request's path as the router reads it, for every "is this the API?" test (the session
 * resolver, the Origin check and no-store, overload shedding, the 404 page): tested on the
 * raw `request.url`, `/%61pi/logout` was not the API for them, while find-my-way decodes
 * `%61` and runs `/api/logout` — without a session, without the Origin check
 * (docs/security.md, issue 42 review B, item D).
 */

/** What find-my-way leaves encoded: decodeURI's reserved characters, and `%` itself. */
const KEPT_ENCODED = new Set([...';/?:@&=+$,#%']);

/**
 * The path without its query, each `%XX` of an ASCII character decoded as find-my-way's
 * decodeURI does (its url-sanitizer.js); other bytes stay encoded: no route starts with one.
 */
export function routedPath(url: string): string {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  return raw.replace(/%([0-9a-fA-F]{2})/g, (sequence, hex: string) => {
    const code = Number.parseInt(hex, 16);
    const char = String.fromCharCode(code);
    return code < 0x80 && !KEPT_ENCODED.has(char) ? char : sequence;
  });
}

/** Whether the router sends this request to an API route (`/api/…`). */
export const isApiPath = (request: { url: string }): boolean =>
  routedPath(request.url).startsWith('/api/');
