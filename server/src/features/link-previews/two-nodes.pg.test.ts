import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import {
  htmlPage,
  ogHead,
  PUBLIC_ADDRESS,
  startSite,
  type TestSite,
  testNetwork,
} from '../../../test/link-preview-site';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

// A preview read by the node that stored the message reaches the members' sockets on the
// other node; its removal through the other node comes back the same way (docs/scaling.md).
let nodes: TwoNodes;
let site: TestSite;
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  site = await startSite();
  site.page('/noeuds', htmlPage(ogHead('Deux nœuds')));
  nodes = await startTwoNodes({
    linkPreviewNetwork: testNetwork(
      { 'public.test': () => [PUBLIC_ADDRESS] },
      { [PUBLIC_ADDRESS]: site },
    ),
  });
  alice = await buildUser(nodes.node1, { firstName: 'Alice' });
  bob = await buildUser(nodes.node1, { firstName: 'Bob' });
});
afterAll(async () => {
  await nodes?.close();
  await site?.close();
});

const previewsOf = (messageId: string, count: number) => (e: ServerEvent) =>
  e.type === 'message_updated' &&
  e.message.id === messageId &&
  (e.message.previews?.length ?? 0) === count;

it('a preview read on node 1 reaches a socket on node 2, and its removal on node 2 reaches node 1', async () => {
  const channel = await buildChannel(alice, { type: 'group' });
  await addMember(channel, alice, bob);
  const bobOn2 = await nodes.open(nodes.node2, bob);
  const aliceOn1 = await nodes.open(nodes.node1, alice);

  const message = await sendMessage(alice, channel.id, 'http://public.test/noeuds');
  const event = await bobOn2.next<Extract<ServerEvent, { type: 'message_updated' }>>(
    previewsOf(message.id, 1),
  );
  const [preview] = event.message.previews ?? [];
  expect(preview?.title).toBe('Deux nœuds');

  const aliceOn2 = nodes.on(nodes.node2, alice);
  const removed = await aliceOn2.client.delete(
    `/api/messages/${message.id}/previews/${preview?.id}`,
  );
  expect(removed.status).toBe(204);
  await aliceOn1.next(previewsOf(message.id, 0));
});
