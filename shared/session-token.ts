/**
 * The app's session token (docs/mobile.md, "Signing in"): a WebView at capacitor://localhost
 * or https://localhost talking to a remote Ruche cannot keep its cookie, so the shell asks for
 * the session as a token and sends it back as a bearer token. Same sessions table, same
 * expiry and revocation as the cookie.
 */

/** Sent with a sign-in request by the shell: "give me the session as a token". */
export const SESSION_TRANSPORT_HEADER = 'X-Session-Transport';
export const SESSION_TRANSPORT_BEARER = 'bearer';

/** The answer to such a sign-in carries the token here (and sets no cookie). */
export const SESSION_TOKEN_HEADER = 'X-Session-Token';

/**
 * A browser's WebSocket cannot send headers: the shell offers two subprotocols, this one
 * (which the server picks) and `bearer.<token>` (which carries the token).
 */
export const SOCKET_PROTOCOL = 'ruche';
export const SOCKET_BEARER_PREFIX = 'bearer.';

/**
 * OpenID Connect from the app (RFC 8252): the system browser signs in at the provider, and
 * the server hands the app a one-time code, which the app exchanges with its PKCE verifier
 * for a session token. The code comes back on the server's verified https link
 * (APP_SIGNED_IN_PATH in app-links.ts) when the server has one for the app's platform, else —
 * the fallback — through this private-use URI scheme (the app id, reverse domain name).
 */
export const APP_URL_SCHEME = 'fr.ruche.app';
export const APP_SIGNED_IN_URL = `${APP_URL_SCHEME}://signed-in`;
/** GET /api/login?app_challenge=<S256 of the app's verifier> starts the app's flow. */
export const APP_CHALLENGE_PARAM = 'app_challenge';
/** …&app_platform=android|ios: which verified link can bring the code back to this app. */
export const APP_PLATFORM_PARAM = 'app_platform';
