import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/users';
import { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /api/users', () => {
  it('lists everyone but the caller, without secrets, filtered by ?q=', async () => {
    const alice = await buildUser(server, { displayName: 'Alice' });
    const bob = await buildUser(server, { displayName: 'Bob Leponge', email: 'bob.l@ruche.test' });
    const res = await alice.client.get<User[]>('/api/users');
    expect(res.status).toBe(200);
    const ids = res.body.map((u) => u.id);
    expect(ids).toContain(bob.user.id);
    expect(ids).not.toContain(alice.user.id);
    expect(Object.keys(res.body[0]!)).not.toContain('passwordHash');

    for (const q of ['leponge', 'BOB.L@', 'Camille']) {
      const found = await alice.client.get<User[]>(`/api/users?q=${encodeURIComponent(q)}`);
      expect(
        found.body.map((u) => u.id),
        q,
      ).toContain(bob.user.id);
    }
    const none = await alice.client.get<User[]>('/api/users?q=zzz-personne');
    expect(none.body).toEqual([]);
  });

  // docs/security.md, finding 7: presence only for people who share a channel.
  it('shows presence and status message only to people who share a channel', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    await bob.client.patch('/api/auth/user', { status: 'away', statusMessage: 'En réunion' });
    const bobFor = async (who: typeof alice) =>
      (await who.client.get<User[]>('/api/users')).body.find((u) => u.id === bob.user.id);
    expect(await bobFor(alice)).toMatchObject({ status: 'offline', statusMessage: null });

    const channel = await alice.client.post<{ id: string }>('/api/channels', {
      name: `commun-${Math.random().toString(36).slice(2, 7)}`,
      type: 'channel',
    });
    await bob.client.post(`/api/channels/${channel.body.id}/join`);
    expect(await bobFor(alice)).toMatchObject({ statusMessage: 'En réunion' });
  });

  it('requires a session', async () => {
    expect((await new TestClient(server.url).get('/api/users')).status).toBe(401);
  });
});
