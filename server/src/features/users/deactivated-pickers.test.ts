import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel, ChannelMember } from '#shared/channels';
import type { Message } from '#shared/messages';
import type { UserSearchPage } from '#shared/user-directory';
import { buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

/**
 * Issue 48: an account an administrator deactivated leaves the people pickers (the directory),
 * joins no channel and is not written to in a new conversation; what it wrote keeps its name,
 * marked « (désactivé) ».
 */
describe('deactivated accounts in the pickers', () => {
  let server: TestServer;
  let admin: Actor;
  let alice: Actor;
  let gone: Actor;
  let bystander: Actor;
  let group: Channel;
  let earlier: Channel;

  beforeAll(async () => {
    server = await startTestServer();
    // The first account of a workspace is its administrator.
    admin = await buildUser(server, { firstName: 'Adèle' });
    alice = await buildUser(server, { firstName: 'Alice' });
    gone = await buildUser(server, { firstName: 'Zéphyrin', lastName: 'Parti' });
    bystander = await buildUser(server, { firstName: 'Zéphyrine', lastName: 'Restée' });
    group = await buildChannel(alice, { type: 'group' });
    // A conversation begun before the deactivation, with a message of the leaver.
    earlier = (
      await alice.client.post<Channel>('/api/channels/direct', { recipientId: gone.user.id })
    ).body;
    await sendMessage(gone, earlier.id, 'Au revoir');
    const res = await admin.client.post(`/api/admin/users/${gone.user.id}/deactivate`, {});
    expect(res.status).toBe(200);
    // Eight requests: the embedded store on a loaded machine takes its time.
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('leaves them out of GET /api/users/search, whatever the query', async () => {
    for (const q of ['zéphyrin', 'parti', '']) {
      const res = await alice.client.get<UserSearchPage>(
        `/api/users/search?q=${encodeURIComponent(q)}`,
      );
      expect(res.status).toBe(200);
      const ids = res.body.users.map((u) => u.id);
      expect(ids).not.toContain(gone.user.id);
      if (q !== 'parti') expect(ids).toContain(bystander.user.id);
    }
  });

  it('refuses to add them to a channel by name, in French (409), and adds nobody', async () => {
    const res = await alice.client.post<ChannelMember & ApiErrorBody>(
      `/api/channels/${group.id}/members`,
      { userId: gone.user.id },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Ce compte est désactivé\u00a0: on ne peut plus l’ajouter à un canal',
    );
    const detail = await alice.client.get<{ members: ChannelMember[] }>(
      `/api/channels/${group.id}`,
    );
    expect(detail.body.members.map((m) => m.userId)).not.toContain(gone.user.id);
    // Someone active is still added.
    expect(
      (
        await alice.client.post(`/api/channels/${group.id}/members`, {
          userId: bystander.user.id,
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a friend request to them, in French (409)', async () => {
    const res = await alice.client.post<ApiErrorBody>('/api/friend-requests', {
      toUserId: gone.user.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Ce compte est désactivé\u00a0: on ne peut plus lui envoyer de demande d’ami',
    );
  });

  it('refuses a new direct conversation (409) but reopens one begun before', async () => {
    const res = await bystander.client.post<Channel & ApiErrorBody>('/api/channels/direct', {
      recipientId: gone.user.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Ce compte est désactivé\u00a0: on ne peut plus démarrer de conversation avec lui',
    );
    const mine = await bystander.client.get<Channel[]>('/api/channels');
    expect(mine.body.filter((c) => c.type === 'direct')).toEqual([]);

    const again = await alice.client.post<Channel>('/api/channels/direct', {
      recipientId: gone.user.id,
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(earlier.id);
    const history = await alice.client.get<{ messages: Message[] }>(
      `/api/channels/${earlier.id}/messages`,
    );
    const kept = history.body.messages.find((m) => m.content === 'Au revoir');
    expect(kept?.user).toMatchObject({ id: gone.user.id, deactivated: true });
  });
});
