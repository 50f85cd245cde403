/**
 * Pins and saved messages across two nodes behind Redis: a pin made through one node reaches
 * the channel's members on the other, a save reaches its owner's sockets on both and nobody
 * else's. PostgreSQL only: two processes cannot share the embedded store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PinnedMessage, SavedMessage } from '#shared/pins';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { buildUser } from '../../../test/factories';
import { isEvent } from '../../../test/test-socket';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

describe('pins and saved messages on two nodes', () => {
  let nodes: TwoNodes;
  beforeAll(async () => {
    nodes = await startTwoNodes();
  });
  afterAll(() => nodes?.close());

  it('a pin and a save made on node 2 are heard on node 1, by whom they concern', async () => {
    const { node1, node2 } = nodes;
    const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
    const channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, bob);
    const m = await sendMessage(alice, channel.id, 'à retenir');
    const [a1, b1, a2] = await Promise.all([
      nodes.open(node1, alice),
      nodes.open(node1, bob),
      nodes.open(node2, alice),
    ]);

    const pinned = await nodes
      .on(node2, alice)
      .client.post<PinnedMessage>(`/api/messages/${m.id}/pin`);
    expect(pinned.status).toBe(201);
    await b1.next(isEvent('message_pinned', { channelId: channel.id }));
    await a1.next(isEvent('message_pinned', { channelId: channel.id }));

    const saved = await nodes
      .on(node2, bob)
      .client.post<SavedMessage>(`/api/messages/${m.id}/save`);
    expect(saved.status).toBe(201);
    const heard = await b1.next(isEvent('message_saved', { channelId: channel.id }));
    expect(heard).toMatchObject({ saved: { message: { id: m.id } } });
    // Alice's sockets, on either node, hear nothing of Bob's save.
    await Promise.all([a1.sync(), a2.sync()]);
    expect([...a1.events, ...a2.events].some((e) => e.type === 'message_saved')).toBe(false);

    expect((await nodes.on(node2, alice).client.delete(`/api/messages/${m.id}/pin`)).status).toBe(
      204,
    );
    await b1.next(isEvent('message_unpinned', { messageId: m.id }));
    expect((await nodes.on(node2, bob).client.delete(`/api/messages/${m.id}/save`)).status).toBe(
      204,
    );
    await b1.next(isEvent('message_unsaved', { messageId: m.id }));
  });
});
