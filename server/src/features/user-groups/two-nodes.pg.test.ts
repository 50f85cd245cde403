import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CustomEmoji } from '#shared/emoji';
import type { ServerEvent } from '#shared/protocol';
import type { UserGroup } from '#shared/user-groups';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { isEvent } from '../../../test/test-socket';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

// Custom emoji, user groups and @here across two nodes on one PostgreSQL and one Redis
// (docs/scaling.md): what one node does reaches the sockets of the other.
let nodes: TwoNodes;
let alice: Actor;
let bob: Actor;
let carol: Actor;

beforeAll(async () => {
  nodes = await startTwoNodes();
  alice = await buildUser(nodes.node1, { firstName: 'Alice' });
  bob = await buildUser(nodes.node1, { firstName: 'Bob' });
  carol = await buildUser(nodes.node1, { firstName: 'Carole' });
});
afterAll(() => nodes?.close());

it('a custom emoji added on node 1 reaches a socket on node 2; its deletion too', async () => {
  const bobOn2 = await nodes.open(nodes.node2, bob);
  const form = new FormData();
  const name = `noeud_${Date.now().toString(36)}`;
  form.append('name', name);
  const png = await sharp({
    create: { width: 40, height: 40, channels: 4, background: '#3a7' },
  })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'e.png');
  const created = await alice.client.post<CustomEmoji>('/api/emoji', form);
  expect(created.status).toBe(201);
  const event = await bobOn2.next<Extract<ServerEvent, { type: 'custom_emoji_created' }>>(
    isEvent('custom_emoji_created'),
  );
  expect(event.emoji).toEqual(created.body);
  expect((await alice.client.delete(`/api/emoji/${name}`)).status).toBe(204);
  await bobOn2.next(isEvent('custom_emoji_deleted', { name }));
});

it('a group saved on node 2 reaches a socket on node 1', async () => {
  const aliceOn1 = await nodes.open(nodes.node1, alice);
  const carolOn2 = nodes.on(nodes.node2, carol);
  const saved = await carolOn2.client.post<UserGroup>('/api/user-groups', {
    name: 'Nœuds',
    handle: `noeuds-${Date.now().toString(36)}`,
    members: [carol.user.id],
  });
  expect(saved.status).toBe(201);
  const event = await aliceOn1.next<Extract<ServerEvent, { type: 'user_group_saved' }>>(
    isEvent('user_group_saved'),
  );
  expect(event.group).toEqual(saved.body);
});

it('@here reaches a member whose only socket is on the other node', async () => {
  // Dan never opened a socket; Carol is online through node 2 only.
  const dan = await buildUser(nodes.node1, { firstName: 'Dan' });
  const channel = await buildChannel(alice);
  await addMember(channel, alice, dan);
  await addMember(channel, alice, carol);
  await nodes.open(nodes.node2, carol);
  const message = await sendMessage(alice, channel.id, '@here petit sondage');
  expect(message.mentions).toEqual([carol.user.id]);
});
