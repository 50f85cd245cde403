import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

/**
 * Issue 45, item 4: a new member's read position starts at their join, so their first visit
 * shows no "Nouveaux messages" line over the history from before, and counts none of it as
 * unread; what is said after the join is.
 */
describe('a new member reads from their join on', () => {
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

  const seen = async (who: Actor, id: string) =>
    (await who.client.get<Channel>(`/api/channels/${id}`)).body;

  it('starts at the channel’s last message, by joining or by invitation', async () => {
    const channel = await buildChannel(alice);
    for (const text of ['un', 'deux', 'trois']) await sendMessage(alice, channel.id, text);

    expect((await bob.client.post(`/api/channels/${channel.id}/join`)).status).toBe(200);
    await addMember(channel, alice, carol);
    for (const who of [bob, carol]) {
      const view = await seen(who, channel.id);
      expect(view.lastReadSeq).toBe(3);
      expect(view.lastReadAt).not.toBeNull();
      expect(view.unreadCount).toBe(0);
    }

    await sendMessage(alice, channel.id, 'quatre');
    for (const who of [bob, carol]) expect((await seen(who, channel.id)).unreadCount).toBe(1);
  });
});
