import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/users';
import { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import type { OidcTestProvider } from '../../../test/oidc-provider';
import { startServerWithOidc } from '../../../test/oidc-server';
import type { TestServer } from '../../../test/server';

/** Issue 48: a deactivated account cannot sign in through the identity provider either. */
describe('a deactivated account and OpenID Connect', () => {
  let provider: OidcTestProvider;
  let server: TestServer;
  beforeAll(async () => {
    ({ provider, server } = await startServerWithOidc({ LOCAL_AUTH: 'on' }));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  async function signInWithProvider(sub: string) {
    const browser = new TestClient(server.url);
    const login = await browser.get('/api/login');
    expect(login.status).toBe(302);
    const back = await provider.authorize(login.headers.get('location')!, sub);
    const callback = await browser.get(back.pathname + back.search);
    return { browser, callback };
  }

  it('is sent back to the sign-in page with the reason, without a session', async () => {
    const admin = await buildUser(server, { firstName: 'Adèle' });
    provider.accounts.set('sso-person', {
      email: 'sso.person@example.test',
      email_verified: true,
      given_name: 'Sacha',
    });
    const first = await signInWithProvider('sso-person');
    expect(first.callback.status).toBe(302);
    const me = await first.browser.get<User>('/api/auth/user');
    expect(me.status).toBe(200);

    const off = await admin.client.post(`/api/admin/users/${me.body.id}/deactivate`);
    expect(off.status).toBe(200);
    expect((await first.browser.get('/api/auth/user')).status).toBe(401);

    const again = await signInWithProvider('sso-person');
    expect(again.callback.status).toBe(302);
    expect(again.callback.headers.get('location')).toBe('/login?oidc=deactivated');
    expect((await again.browser.get('/api/auth/user')).status).toBe(401);

    // Reactivated, the provider signs it in again.
    await admin.client.post(`/api/admin/users/${me.body.id}/reactivate`);
    const back = await signInWithProvider('sso-person');
    expect(back.callback.headers.get('location')).toBe('/');
    expect((await back.browser.get('/api/auth/user')).status).toBe(200);
  });
});
