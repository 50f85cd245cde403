import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, ChannelMember } from '#shared/channels';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, TestSocket } from '../../../test/test-socket';

// docs/product.md §10.16: a new workspace starts with #général, and every new account is in it.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { DEFAULT_CHANNEL: 'général' } });
});
afterAll(() => server?.close());

const general = async (who: Actor) =>
  (await who.client.get<Channel[]>('/api/channels')).body.filter((c) => c.name === 'général');

describe('the default channel', () => {
  it('is made by the first account, as its owner; later accounts join it, seen live', async () => {
    const first = await buildUser(server);
    const [channel] = await general(first);
    expect(channel).toMatchObject({ type: 'channel', createdById: first.user.id });
    const socket = await TestSocket.open(server, first.client);

    const second = await buildUser(server);
    expect((await general(second)).map((c) => c.id)).toEqual([channel?.id]);
    await socket.next(isEvent('member_added', { channelId: channel?.id }));
    const members = await first.client.get<ChannelMember[]>(`/api/channels/${channel?.id}/members`);
    const roles = Object.fromEntries(members.body.map((m) => [m.userId, m.role]));
    expect(roles).toEqual({ [first.user.id]: 'owner', [second.user.id]: 'member' });
    socket.ws.terminate();
  });

  it('stays one channel when the first accounts are made at the same moment', async () => {
    const fresh = await startTestServer({ env: { DEFAULT_CHANNEL: 'général' } });
    try {
      const people = await Promise.all(Array.from({ length: 6 }, () => buildUser(fresh)));
      const ids = (await Promise.all(people.map(general))).flat().map((c) => c.id);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('is left out when DEFAULT_CHANNEL is empty', async () => {
    const plain = await startTestServer();
    try {
      const alone = await buildUser(plain);
      expect((await alone.client.get<Channel[]>('/api/channels')).body).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
