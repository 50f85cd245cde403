/**
 * Voice seats across two nodes behind Redis (docs/calls.md, "Salons vocaux"): a seat lives as
 * long as the socket holding it, on whichever node. A socket that closes, and a node that
 * dies with its sockets, clear the seat everywhere within 15 s. PostgreSQL only (two nodes
 * cannot share the embedded store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import type { VoiceParticipant } from '#shared/voice';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import type { TestServer } from '../../../test/server';
import type { TestSocket } from '../../../test/test-socket';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';
import { voiceSeatsOf } from './routes';

/** The promise of docs/calls.md: a seat whose holder is gone is gone everywhere within this. */
const CLEARED_WITHIN_MS = 15_000;

describe('voice seats on two nodes', () => {
  let nodes: TwoNodes;
  let node1: TestServer;
  let node2: TestServer;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ node1, node2 } = nodes);
  });
  afterAll(() => nodes?.close());

  const seated = async (who: Actor, channelId: string) =>
    (
      await who.client.get<VoiceParticipant[]>(`/api/voice-channels/${channelId}/participants`)
    ).body.map((p) => p.userId);

  /** Alice's seat, joined over her socket on node 2; Bob watches from node 1. */
  async function aliceInVoiceOnNode2() {
    const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
    const channel = await buildChannel(alice, { type: 'voice' });
    await addMember(channel, alice, bob);
    const watching = await nodes.open(node1, bob);
    const tab = await nodes.open(node2, alice);
    tab.send({ type: 'voice-join', channelId: channel.id });
    await tab.next((e) => e.type === 'voice-joined');
    await watching.next((e) => e.type === 'voice-user-joined' && e.channelId === channel.id);
    expect(await seated(nodes.on(node1, bob), channel.id)).toEqual([alice.user.id]);
    return { alice, bob, channel, watching, tab };
  }

  const leftFrom = (socket: TestSocket, channelId: string, timeout: number) =>
    socket.next<Extract<ServerEvent, { type: 'voice-user-left' }>>(
      (e) => e.type === 'voice-user-left' && e.channelId === channelId,
      timeout,
    );

  it('clears the seat on every node when its socket closes', async () => {
    const { alice, bob, channel, watching, tab } = await aliceInVoiceOnNode2();
    // Still there past the time a seat nobody refreshes lasts: its node keeps it.
    await new Promise((r) => setTimeout(r, 12_000));
    expect(await seated(bob, channel.id)).toEqual([alice.user.id]);
    const left = leftFrom(watching, channel.id, CLEARED_WITHIN_MS);
    tab.ws.terminate();
    expect(await left).toMatchObject({
      userId: alice.user.id,
    });
    expect(await seated(bob, channel.id)).toEqual([]);
  }, 60_000);

  it('clears the seats of a node that died, from the other node, within 15 s', async () => {
    const { alice, bob, channel, watching } = await aliceInVoiceOnNode2();
    // Node 2 dies: it neither refreshes its seats nor leaves them as its sockets go.
    const left = leftFrom(watching, channel.id, CLEARED_WITHIN_MS);
    voiceSeatsOf(node2.app)?.die();
    await node2.close();
    expect(await left).toMatchObject({
      userId: alice.user.id,
    });
    expect(await seated(bob, channel.id)).toEqual([]);
  }, 60_000);
});
