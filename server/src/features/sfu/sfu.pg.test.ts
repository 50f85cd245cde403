/**
 * Two nodes behind Redis driving one Janus (docs/calls.md): people on either node meet in the
 * same Janus room, and leaving through one node takes a socket of the other out of Janus.
 * PostgreSQL only (two processes cannot share the embedded store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { janusParticipants, startTestJanus, until } from '../../../test/janus';
import type { TestServer } from '../../../test/server';
import type { TestSocket } from '../../../test/test-socket';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

describe('the SFU on two nodes with one Janus', () => {
  let janus: Awaited<ReturnType<typeof startTestJanus>>;
  let nodes: TwoNodes;
  let node1: TestServer;
  let node2: TestServer;
  /** The actor's session, on that node (its socket and its API calls). */
  const on = (node: TestServer, actor: Actor) => nodes.on(node, actor).client;
  const open = (node: TestServer, actor: Actor) => nodes.open(node, actor);
  const next = <T extends ServerEvent['type']>(socket: TestSocket, type: T) =>
    socket.next<Extract<ServerEvent, { type: T }>>((e) => e.type === type);

  beforeAll(async () => {
    janus = await startTestJanus();
    nodes = await startTwoNodes({ env: { JANUS_URL: janus.url } });
    ({ node1, node2 } = nodes);
  }, 60_000);
  afterAll(async () => {
    await nodes?.close();
    await janus?.stop();
  });

  it('meet in one Janus room; leaving through one node takes the socket on the other out', async () => {
    const [alice, bob] = [await buildUser(node1), await buildUser(node1)];
    const channel = await buildChannel(alice, { type: 'voice' });
    await addMember(channel, alice, bob);
    const space = `voice:${channel.id}`;
    const [a, b] = [await open(node1, alice), await open(node2, bob)];
    for (const [actor, node, socket] of [
      [alice, node1, a],
      [bob, node2, b],
    ] as const) {
      expect((await on(node, actor).post(`/api/voice-channels/${channel.id}/join`)).status).toBe(
        200,
      );
      socket.send({ type: 'sfu_join', space });
      await next(socket, 'sfu_joined');
    }
    // Node 2 found the room node 1 made (Janus's "already exists" taken as a yes).
    expect(await janusParticipants(janus.url, space)).toEqual([alice.user.id, bob.user.id].sort());

    // Alice leaves through node 2; her socket is on node 1: it leaves Janus all the same.
    await on(node2, alice).post(`/api/voice-channels/${channel.id}/leave`);
    await until(async () => (await janusParticipants(janus.url, space)).length === 1);
    expect(await janusParticipants(janus.url, space)).toEqual([bob.user.id]);

    // Bob leaves through node 1: node 2 takes him out too.
    await on(node1, bob).post(`/api/voice-channels/${channel.id}/leave`);
    await until(async () => (await janusParticipants(janus.url, space)).length === 0);
  });
});
