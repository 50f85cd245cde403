import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import { buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { presentChannel } from './presenter';

/** The composer offers @everyone where the server notifies with it: the default channel. */
describe('Channel.isDefault', () => {
  let server: TestServer;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEFAULT_CHANNEL: 'accueil' } });
    alice = await buildUser(server, { firstName: 'Alice' });
    bob = await buildUser(server, { firstName: 'Bob' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('marks DEFAULT_CHANNEL in GET /api/channels and GET /api/channels/{id}, nothing else', async () => {
    const other = await buildChannel(alice, { name: 'général' });
    const group = await buildChannel(alice, { type: 'group', name: 'accueil-bis' });
    const dm = await alice.client.post<Channel>('/api/channels/direct', {
      recipientId: bob.user.id,
    });
    const list = (await alice.client.get<Channel[]>('/api/channels')).body;
    const flags = Object.fromEntries(list.map((c) => [c.name, c.isDefault]));
    expect(flags).toMatchObject({ accueil: true, général: false, 'accueil-bis': false });
    expect(list.find((c) => c.id === dm.body.id)?.isDefault).toBe(false);
    const home = list.find((c) => c.name === 'accueil');
    expect((await alice.client.get<Channel>(`/api/channels/${home?.id}`)).body.isDefault).toBe(
      true,
    );
    for (const id of [other.id, group.id]) {
      expect((await alice.client.get<Channel>(`/api/channels/${id}`)).body.isDefault).toBe(false);
    }
  });

  it('is false everywhere when DEFAULT_CHANNEL is empty', async () => {
    const plain = await startTestServer();
    try {
      const carol = await buildUser(plain);
      const mine = await buildChannel(carol, { name: 'général' });
      const res = await carol.client.get<Channel>(`/api/channels/${mine.id}`);
      expect(res.body.isDefault).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('is left out by the presenter when its caller does not know DEFAULT_CHANNEL', () => {
    const now = new Date();
    const row = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'accueil',
      description: null,
      type: 'channel',
      createdById: null,
      createdAt: now,
      updatedAt: now,
      lastSeq: 0,
      archivedAt: null,
      directKey: null,
    } as unknown as Parameters<typeof presentChannel>[0];
    const viewer = { unreadCount: 0, lastReadAt: null, lastReadSeq: 0, role: 'member' as const };
    expect(presentChannel(row, viewer)).not.toHaveProperty('isDefault');
    expect(presentChannel(row, { ...viewer, defaultChannel: 'accueil' }).isDefault).toBe(true);
    expect(presentChannel(row, { ...viewer, defaultChannel: null }).isDefault).toBe(false);
  });
});
