import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel, ChannelMember } from '#shared/channels';
import { buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

/** Issue 45, item 5: "Inviter des membres" adds a colleague found by name. */
describe('POST /api/channels/:id/members', () => {
  let server: TestServer;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await buildUser(server, { firstName: 'Alice' });
    bob = await buildUser(server, { firstName: 'Bob' });
    carol = await buildUser(server, { firstName: 'Carole' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const add = (who: Actor, channelId: string, userId: unknown) =>
    who.client.post<ChannelMember & ApiErrorBody>(`/api/channels/${channelId}/members`, {
      userId,
    });

  it('lets a member add a colleague to a group, who then has it in their list', async () => {
    const group = await buildChannel(alice, { type: 'group' });
    const res = await add(alice, group.id, bob.user.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: bob.user.id, role: 'member' });
    const bobs = await bob.client.get<Channel[]>('/api/channels');
    expect(bobs.body.map((c) => c.id)).toContain(group.id);
    // Twice: nothing changes.
    expect((await add(alice, group.id, bob.user.id)).status).toBe(200);
    // Bob, a member now, may add Carole too.
    expect((await add(bob, group.id, carol.user.id)).status).toBe(201);
  });

  it('refuses strangers, unknown people and direct conversations, in French', async () => {
    const group = await buildChannel(alice, { type: 'group' });
    const stranger = await add(carol, group.id, bob.user.id);
    expect(stranger.status).toBe(404);
    for (const userId of ['pas-un-id', '00000000-0000-4000-8000-000000000000']) {
      const res = await add(alice, group.id, userId);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Cette personne est introuvable');
    }
    expect((await add(alice, group.id, undefined)).status).toBe(400);
    const direct = await alice.client.post<Channel>('/api/channels/direct', {
      recipientId: bob.user.id,
    });
    const res = await add(alice, direct.body.id, carol.user.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/conversation directe/);
  });
});
