/**
 * Two nodes behind Redis driving one Janus (docs/calls.md): people on either node meet in the
 * same Janus room, and leaving through one node takes a socket of the other out of Janus.
 * PostgreSQL only (two processes cannot share the embedded store).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { janusParticipants, startTestJanus, until } from '../../../test/janus';
import { startTestServer, type TestServer } from '../../../test/server';
import { TestSocket } from '../../../test/test-socket';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the SFU on two nodes with one Janus', () => {
  let janus: Awaited<ReturnType<typeof startTestJanus>>;
  let node1: TestServer;
  let node2: TestServer;
  const sockets: TestSocket[] = [];
  /** The actor's session, on that node (its socket and its API calls). */
  const on = (node: TestServer, actor: Actor) => {
    const client = Object.assign(Object.create(Object.getPrototypeOf(actor.client)), actor.client);
    client.baseUrl = node.url;
    return client as Actor['client'];
  };
  const open = async (node: TestServer, actor: Actor) => {
    const socket = await TestSocket.open(node, on(node, actor));
    sockets.push(socket);
    return socket;
  };
  const next = <T extends ServerEvent['type']>(socket: TestSocket, type: T) =>
    socket.next<Extract<ServerEvent, { type: T }>>((e) => e.type === type);

  beforeAll(async () => {
    janus = await startTestJanus();
    const env = { REDIS_PREFIX: `ruche-test-${randomUUID().slice(0, 8)}`, JANUS_URL: janus.url };
    node1 = await startTestServer({ redisUrl: REDIS_URL, env });
    node2 = await startTestServer({ redisUrl: REDIS_URL, env, store: node1.store });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await node2?.close();
    await node1?.close();
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
