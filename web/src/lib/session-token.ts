import {
  SESSION_TOKEN_HEADER,
  SESSION_TRANSPORT_BEARER,
  SESSION_TRANSPORT_HEADER,
  SOCKET_BEARER_PREFIX,
  SOCKET_PROTOCOL,
} from '#shared/session-token';

/**
 * The app's session (docs/mobile.md, "Signing in"). A WebView at capacitor://localhost or
 * https://localhost cannot keep a remote server's cookie, so when the web app is built with
 * VITE_SERVER_ORIGIN (the shell) it asks for its session as a token at sign-in, keeps it in
 * the platform's secure storage (Keychain, Android Keystore; localStorage in a browser, where
 * the shell's build runs in the e2e test) and sends it as `Authorization: Bearer`, and on the
 * socket as the `bearer.<token>` subprotocol. Built without it (the browser), nothing here
 * does anything: the cookie carries the session.
 */

/** The part of a key-value storage this module uses (the secure-storage plugin's). */
export interface TokenStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

const KEY = 'ruche.session';

let enabled = false;
let storage: TokenStorage | null = null;
let token: string | null = null;

/**
 * Turn the token path on and read the token kept from the last sign-in: before the first
 * request. `load` gives the storage (the Capacitor plugin, loaded only in the shell's build).
 */
export async function restoreSessionToken(load: () => Promise<TokenStorage>): Promise<void> {
  enabled = true;
  storage = await load();
  token = await storage.getItem(KEY).catch(() => null);
}

/**
 * The headers a request adds: the request for a token (heeded by sign-in routes only, which
 * then answer with a new one), and the token kept, if any.
 */
export function sessionHeaders(): Record<string, string> {
  if (!enabled) return {};
  const asked = { [SESSION_TRANSPORT_HEADER]: SESSION_TRANSPORT_BEARER };
  return token ? { ...asked, Authorization: `Bearer ${token}` } : asked;
}

/** The subprotocols a socket offers: the token's, or none (the cookie goes by itself). */
export function socketProtocols(): string[] {
  return enabled && token ? [SOCKET_PROTOCOL, `${SOCKET_BEARER_PREFIX}${token}`] : [];
}

/** Keep the token a sign-in answered with (an answer that has none changes nothing). */
export async function keepIssuedToken(headers: Pick<Headers, 'get'>): Promise<void> {
  const issued = enabled ? headers.get(SESSION_TOKEN_HEADER) : null;
  if (!issued) return;
  token = issued;
  await storage?.setItem(KEY, issued);
}

/** Signed out, or the server no longer knows the session: the token goes. */
export async function forgetSessionToken(): Promise<void> {
  if (!enabled) return;
  token = null;
  await storage?.removeItem(KEY);
}
