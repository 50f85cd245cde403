import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel, ChannelWithMembers } from '#shared/channels';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

let server: TestServer;
let alice: Actor;
beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server, { displayName: 'Alice' });
});
afterAll(() => server?.close());

const openDirect = (who: Actor, body: unknown) =>
  who.client.post<Channel & ApiErrorBody>('/api/channels/direct', body);

describe('POST /api/channels/direct', () => {
  it('creates the conversation once, then returns it to either side', async () => {
    const bob = await buildUser(server, { displayName: 'Bob' });
    const first = await openDirect(alice, { recipientId: bob.user.id });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ type: 'direct', unreadCount: 0 });
    expect(first.body.directUser?.id).toBe(bob.user.id);

    // docs/product.md §7: the other flow sends userId.
    const again = await openDirect(alice, { userId: bob.user.id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const fromBob = await openDirect(bob, { recipientId: alice.user.id });
    expect(fromBob.body.id).toBe(first.body.id);
    expect(fromBob.body.directUser?.id).toBe(alice.user.id);

    const full = await bob.client.get<ChannelWithMembers>(`/api/channels/${first.body.id}`);
    expect(full.body.members.map((m) => m.userId).sort()).toEqual(
      [alice.user.id, bob.user.id].sort(),
    );
    const listed = await bob.client.get<Channel[]>('/api/channels');
    expect(listed.body.find((c) => c.id === first.body.id)?.directUser?.displayName).toBe('Alice');
  });

  it.each([2, 10])('makes one channel out of %i concurrent calls', async (n) => {
    const bob = await buildUser(server);
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        i % 2
          ? openDirect(alice, { recipientId: bob.user.id })
          : openDirect(bob, { userId: alice.user.id }),
      ),
    );
    expect(results.map((r) => r.status).every((s) => s === 200 || s === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const mine = (await bob.client.get<Channel[]>('/api/channels')).body;
    expect(mine.filter((c) => c.type === 'direct')).toHaveLength(1);
  });

  it('refuses a conversation with oneself (400)', async () => {
    const res = await openDirect(alice, { recipientId: alice.user.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Vous ne pouvez pas démarrer une conversation avec vous-même');
  });

  it('requires a recipient (400) that is a valid id (400)', async () => {
    const missing = await openDirect(alice, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.recipientId).toBeDefined();
    const malformed = await openDirect(alice, { recipientId: 'bob' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('L’identifiant du destinataire n’est pas valide');
  });

  it('answers 404 for an unknown user', async () => {
    const res = await openDirect(alice, { recipientId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Utilisateur introuvable');
  });
});
