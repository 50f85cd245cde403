import type { BrowserPlugin } from '@capacitor/browser';
import { APP_SIGNED_IN_PATH } from '#shared/app-links';
import type { AppSignInInput } from '#shared/app-sign-in';
import { APP_CHALLENGE_PARAM, APP_PLATFORM_PARAM, APP_SIGNED_IN_URL } from '#shared/session-token';
import type { User } from '#shared/users';
import type { TokenStorage } from '@/lib/session-token';

/**
 * OpenID Connect from the app (docs/mobile.md, RFC 8252): the sign-in goes through the system
 * browser (Custom Tabs, SFSafariViewController), never the WebView, and comes back with a code
 * on the server's verified link `<server>/app/signed-in?code=…` (App Links, Universal Links:
 * only this app can open it) — or, when the server has none for any platform, on the
 * `fr.ruche.app://signed-in?code=…` fallback — which the app exchanges for its session token
 * with the PKCE verifier it kept (in secure storage: the app may be stopped meanwhile).
 */

const VERIFIER_KEY = 'ruche.oidc-verifier';

export interface AppOidcDeps {
  serverOrigin: string;
  browser: Pick<BrowserPlugin, 'open' | 'close'>;
  storage: TokenStorage;
  /** POST /api/auth/app-sign-in through the api client (which keeps the token it answers). */
  exchange(body: AppSignInInput): Promise<User>;
  crypto: Pick<Crypto, 'getRandomValues' | 'subtle'>;
  /** Capacitor.getPlatform(): the server returns on its verified link for this platform. */
  platform: string;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A fresh verifier (256 bits) and its S256 challenge (RFC 7636). */
export async function pkcePair(crypto: AppOidcDeps['crypto']) {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/** The SSO button in the app: keep a verifier, open the server's /api/login in the system browser. */
export async function startAppSignIn(deps: AppOidcDeps): Promise<void> {
  const { verifier, challenge } = await pkcePair(deps.crypto);
  await deps.storage.setItem(VERIFIER_KEY, verifier);
  const query = `${APP_CHALLENGE_PARAM}=${challenge}&${APP_PLATFORM_PARAM}=${deps.platform}`;
  await deps.browser.open({
    url: `${deps.serverOrigin}/api/login?${query}`,
    presentationStyle: 'popover',
  });
}

/** Whether a link handed to the app is the return of the sign-in (from its server, or the fallback). */
export const isSignedInLink = (url: string, serverOrigin: string) =>
  [`${serverOrigin}${APP_SIGNED_IN_PATH}`, APP_SIGNED_IN_URL].some(
    (back) => url === back || url.startsWith(`${back}?`),
  );

/** The return link: exchange its code with the kept verifier; the user, or null if it failed. */
export async function finishAppSignIn(deps: AppOidcDeps, url: string): Promise<User | null> {
  const code = new URL(url).searchParams.get('code');
  const verifier = await deps.storage.getItem(VERIFIER_KEY);
  await deps.browser.close().catch(() => undefined);
  if (!code || !verifier) return null;
  await deps.storage.removeItem(VERIFIER_KEY);
  return deps.exchange({ code, verifier });
}
