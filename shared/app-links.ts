/**
 * The links the mobile app opens instead of the browser when it is installed (docs/mobile.md,
 * "Links"): a video room's, a channel invitation's, a channel's. The server lists them in
 * /.well-known/apple-app-site-association; the app routes them (web/src/native).
 */
export const APP_LINK_PREFIXES = ['/join/', '/join-channel/', '/channel/'] as const;

/**
 * The return of the app's OpenID Connect sign-in on the server's own https address
 * (docs/mobile.md, "Signing in"): a verified link (App Links, Universal Links) only the app
 * signed for this server can open, where a custom scheme could be claimed by any app.
 */
export const APP_SIGNED_IN_PATH = '/app/signed-in';

/** The path to open for a link the system handed to the app, or null when it is not one of ours. */
export function appLinkPath(url: string, serverOrigin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== serverOrigin) return null;
  const path = parsed.pathname;
  const ours = APP_LINK_PREFIXES.some(
    (prefix) => path.startsWith(prefix) && /^[^/]+$/.test(path.slice(prefix.length)),
  );
  return ours ? path + parsed.search : null;
}
