import { afterAll, describe, expect, it } from 'vitest';
import type { AuthProviders } from '#shared/auth';
import { runAdmin } from '../test/admin-command';
import { TestClient } from '../test/client';
import { buildUser } from '../test/factories';
import { startTestServer } from '../test/server';
import { createTestStore, type TestStoreHandle } from '../test/stores';

let store: TestStoreHandle;
afterAll(() => store?.drop());

/** `npm run admin -- …` against the test store, as an administrator types it. */
const admin = (...args: string[]) => runAdmin(store, args);

describe('npm run admin', () => {
  it('resets a password (no mail needed) and makes an administrator', async () => {
    store = await createTestStore();
    const server = await startTestServer({ store });
    await buildUser(server, { email: 'premiere@ruche.test' });
    const bob = await buildUser(server, { email: 'bob@ruche.test' });
    // One process owns the embedded store: the command runs with the server stopped.
    await server.close();

    expect((await admin('migrate')).stdout).toMatch(/^Migrations appliquées/);
    const reset = await admin('reset-password', 'Bob@ruche.test');
    const password = /: (\S+)\n/.exec(reset.stdout)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(24);
    await admin('make-admin', 'bob@ruche.test');
    await expect(admin('reset-password', 'personne@ruche.test')).rejects.toMatchObject({ code: 1 });
    await expect(admin('supprimer-tout')).rejects.toMatchObject({ code: 2 });

    const again = await startTestServer({ store });
    try {
      const login = (pw: string) =>
        new TestClient(again.url).post('/api/auth/login', {
          email: 'bob@ruche.test',
          password: pw,
        });
      expect((await login(bob.password)).status).toBe(401);
      const client = new TestClient(again.url);
      expect(
        (await client.post('/api/auth/login', { email: 'bob@ruche.test', password })).status,
      ).toBe(200);
      expect((await client.get<AuthProviders>('/api/auth/providers')).body.isAdmin).toBe(true);
      // The old session is gone.
      const oldSession = new TestClient(again.url);
      oldSession.cookies = bob.client.cookies;
      expect((await oldSession.get('/api/auth/user')).status).toBe(401);
    } finally {
      await again.close();
    }
  }, 60_000);
});
