/**
 * OpenID Connect from the app (docs/mobile.md, RFC 8252): the system browser goes through a
 * real provider (oidc-provider on loopback), comes back to `fr.ruche.app://signed-in?code=…`,
 * and the app exchanges the code with its PKCE verifier for a session token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { type OidcTestProvider, startOidcProvider } from '../../test/oidc-provider';
import { freePort, startTestServer, type TestServer } from '../../test/server';

const APP = 'https://localhost';

let provider: OidcTestProvider;
let server: TestServer;

beforeAll(async () => {
  provider = await startOidcProvider();
  const port = await freePort();
  server = await startTestServer({
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      ALLOWED_ORIGINS: APP,
    },
  });
  provider.register(`${server.url}/api/callback`);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** A second node's settings: the first one's, so that it reads the same codes. */
const nodeEnv = (node: TestServer) => ({
  SESSION_SECRET: node.config.sessionSecret,
  PUBLIC_URL: node.config.publicUrl ?? '',
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: provider.clientId,
  OIDC_CLIENT_SECRET: provider.clientSecret,
  ALLOWED_ORIGINS: APP,
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

let subjects = 0;
/** The system browser: /api/login with the app's challenge, the provider, the callback. */
async function throughSystemBrowser(
  challenge: string,
  { on = server, platform }: { on?: TestServer; platform?: string } = {},
) {
  const sub = `mobile-${++subjects}`;
  provider.accounts.set(sub, {
    email: `${sub}@example.test`,
    email_verified: true,
    given_name: 'Nadia',
    family_name: 'Benali',
  });
  const browser = new TestClient(on.url);
  const asked = platform ? `&app_platform=${platform}` : '';
  const login = await browser.get(`/api/login?app_challenge=${challenge}${asked}`);
  expect(login.status).toBe(302);
  const back = await provider.authorize(login.headers.get('location')!, sub);
  const callback = await browser.get(back.pathname + back.search);
  return { browser, callback };
}

/** The app exchanging its code, from its origin. */
const exchange = (body: unknown, origin = APP, on = server) =>
  new TestClient(on.url).post<User & ApiErrorBody>('/api/auth/app-sign-in', body, {
    origin,
    'x-session-transport': 'bearer',
  });

describe('OpenID Connect from the app', () => {
  it('returns to the app with a code, then gives the app a session token for its verifier', async () => {
    const { verifier, challenge } = pkce();
    const { browser, callback } = await throughSystemBrowser(challenge);
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get('location')!);
    expect(`${location.protocol}//${location.host}`).toBe('fr.ruche.app://signed-in');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();
    // The system browser itself stays signed out.
    expect((await browser.get('/api/auth/user')).status).toBe(401);

    const res = await exchange({ code, verifier });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('Nadia');
    const token = res.headers.get('x-session-token');
    expect(token).toBeTruthy();
    expect(res.headers.getSetCookie()).toEqual([]);
    const me = await new TestClient(server.url).get<User>('/api/auth/user', {
      authorization: `Bearer ${token}`,
    });
    expect(me.body.id).toBe(res.body.id);
  });

  it('refuses the code with another verifier, a forged or altered code, and from elsewhere', async () => {
    const { verifier, challenge } = pkce();
    const { callback } = await throughSystemBrowser(challenge);
    const code = new URL(callback.headers.get('location')!).searchParams.get('code')!;
    const wrong = await exchange({ code, verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('La connexion a expiré, veuillez réessayer');
    const [payload, signature] = code.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        u: '00000000-0000-4000-8000-000000000000',
        c: challenge,
        e: Date.now() + 60_000,
      }),
    ).toString('base64url');
    expect((await exchange({ code: `${forged}.${signature}`, verifier })).status).toBe(400);
    expect((await exchange({ code: `${payload}.x${signature}`, verifier })).status).toBe(400);
    // Not from the app's origin, or without asking for a token: no token.
    const foreign = await exchange({ code, verifier }, 'https://evil.example');
    expect(foreign.status).toBe(403);
    const browserPost = await new TestClient(server.url).post<ApiErrorBody>(
      '/api/auth/app-sign-in',
      { code, verifier },
    );
    expect(browserPost.status).toBe(403);
    // The genuine pair still works.
    expect((await exchange({ code, verifier })).status).toBe(200);
  });

  it('redeems a code once: a second exchange fails, on this node or another', async () => {
    const { verifier, challenge } = pkce();
    const { callback } = await throughSystemBrowser(challenge);
    const code = new URL(callback.headers.get('location')!).searchParams.get('code')!;
    expect((await exchange({ code, verifier })).status).toBe(200);
    const again = await exchange({ code, verifier });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('La connexion a expiré, veuillez réessayer');
    expect(again.headers.get('x-session-token')).toBeNull();
    // A second node on the same store knows it was used.
    const other = await startTestServer({ store: server.store, env: nodeEnv(server) });
    try {
      const elsewhere = await exchange({ code, verifier }, APP, other);
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.headers.get('x-session-token')).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('redeems a code only with the verifier of its own challenge, which another code does not change', async () => {
    const first = pkce();
    const second = pkce();
    const a = await throughSystemBrowser(first.challenge);
    const b = await throughSystemBrowser(second.challenge);
    const codeOf = (callback: { headers: Headers }) =>
      new URL(callback.headers.get('location')!).searchParams.get('code')!;
    // Each code with the other's verifier: refused, and neither is spent by the refusal.
    expect((await exchange({ code: codeOf(a.callback), verifier: second.verifier })).status).toBe(
      400,
    );
    expect((await exchange({ code: codeOf(b.callback), verifier: first.verifier })).status).toBe(
      400,
    );
    expect((await exchange({ code: codeOf(a.callback), verifier: first.verifier })).status).toBe(
      200,
    );
    expect((await exchange({ code: codeOf(b.callback), verifier: second.verifier })).status).toBe(
      200,
    );
  });

  it('returns on the verified https link when the app links are configured, on the custom scheme only when none is', async () => {
    // A server with no app links: the custom scheme, whatever the app says.
    const { challenge } = pkce();
    const { callback } = await throughSystemBrowser(challenge, { platform: 'android' });
    expect(callback.headers.get('location')).toMatch(/^fr\.ruche\.app:\/\/signed-in\?code=/);
    const publicUrl = 'https://ruche.example.test';
    const linked = await startTestServer({
      env: {
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        ALLOWED_ORIGINS: APP,
        ANDROID_APP_PACKAGE: 'fr.ruche.app',
        ANDROID_CERT_SHA256: Array.from({ length: 32 }, () => 'AB').join(':'),
      },
    });
    provider.register(`${publicUrl}/api/callback`);
    try {
      const returnOf = async (platform?: string) => {
        const { verifier, challenge } = pkce();
        const { callback } = await throughSystemBrowser(challenge, { on: linked, platform });
        expect(callback.status).toBe(302);
        return { location: new URL(callback.headers.get('location')!), verifier };
      };
      // Android is configured: its verified link (App Links), which no other app can claim.
      const android = await returnOf('android');
      expect(`${android.location.origin}${android.location.pathname}`).toBe(
        `${publicUrl}/app/signed-in`,
      );
      const code = android.location.searchParams.get('code')!;
      expect((await exchange({ code, verifier: android.verifier }, APP, linked)).status).toBe(200);
      // iOS is not (no IOS_APP_IDS), and an app that does not say may be any app claiming
      // the custom scheme: once a verified link exists, no code goes to that scheme.
      for (const asked of ['&app_platform=ios', '', '&app_platform=windows']) {
        const { challenge } = pkce();
        const login = await new TestClient(linked.url).get<ApiErrorBody>(
          `/api/login?app_challenge=${challenge}${asked}`,
        );
        expect({ asked, status: login.status }).toEqual({ asked, status: 400 });
        expect(login.body.message).toMatch(/plateforme/);
      }
    } finally {
      await linked.close();
      // The test provider has one redirect address: the first server's again.
      provider.register(`${server.url}/api/callback`);
    }
  });

  it('refuses a malformed challenge before going to the provider', async () => {
    const res = await new TestClient(server.url).get<ApiErrorBody>(
      '/api/login?app_challenge=trop-court',
    );
    expect(res.status).toBe(400);
  });
});
