/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type AccountClaims } from 'oidc-provider';
import { TestClient } from './client';

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, with one confidential
 * client and the package's development login and consent pages, which tests drive over HTTP
 * like a browser would. Nothing of the protocol is mocked.
 */
export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people the provider knows, by subject; tests add and change them at will. */
  accounts: Map<string, Omit<AccountClaims, 'sub'>>;
  /** Register the relying party's redirect URI; the provider answers 503 until then. */
  register(redirectUri: string): void;
  /**
   * Open an authorization URL in a fresh browser, sign in as `sub`, consent, and return the
   * redirect back to the relying party (with code, state and iss).
   */
  authorize(authorizationUrl: string, sub: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(): Promise<OidcTestProvider> {
  const clientId = 'ruche-test';
  const clientSecret = 'ruche-test-secret-ruche-test-secret';
  const accounts = new Map<string, Omit<AccountClaims, 'sub'>>();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  let redirectUri = '';

  const http = createServer((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    register(uri) {
      redirectUri = uri;
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [uri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        // PKCE for every client, not only public ones.
        pkce: { required: () => true },
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['given_name', 'family_name', 'picture'],
        },
        cookies: { keys: ['oidc-test-cookie-key'] },
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          Grant: 600,
          IdToken: 600,
          Interaction: 600,
          Session: 600,
        },
        findAccount(_ctx, sub) {
          const claims = accounts.get(sub);
          if (!claims) return undefined;
          return { accountId: sub, claims: () => ({ ...claims, sub }) };
        },
        features: { devInteractions: { enabled: true } },
      });
      handler = provider.callback();
    },
    async authorize(authorizationUrl, sub) {
      const browser = new TestClient(issuer);
      let url = new URL(authorizationUrl);
      for (let step = 0; step < 12; step++) {
        const res = await browser.get<string>(url.href);
        const location = res.headers.get('location');
        if (location) {
          url = new URL(location, url);
          if (url.href.startsWith(redirectUri)) return url;
          continue;
        }
        if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url.href}`);
        // The development interaction pages: a login form, then a consent form.
        const action = /<form[^>]*action="([^"]+)"/.exec(res.body)?.[1];
        const prompt = /name="prompt" value="([^"]+)"/.exec(res.body)?.[1];
        if (!action || !prompt) throw new Error(`no interaction form at ${url.href}`);
        const form = new URLSearchParams(
          prompt === 'login' ? { prompt, login: sub, password: 'peu importe' } : { prompt },
        );
        const submitted = await browser.post(new URL(action, url).href, form);
        const next = submitted.headers.get('location');
        if (!next) throw new Error(`interaction ${prompt} answered ${submitted.status}`);
        url = new URL(next, url);
      }
      throw new Error('the provider never redirected back to the client');
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
