/**
 * PostgreSQL restarts under a node (docs/operations.md, "The store restarts"): a server of
 * the test's own is stopped as an operator does (`pg_ctl stop -m fast`) and started again.
 * While it is away, a send by socket or HTTP is refused as retryable — 503 with a retry
 * hint, never 500 — and once it is back the client's resend (same clientId) is stored once;
 * every send acknowledged before the restart is still there after it. PostgreSQL only: the
 * embedded store is the node's own child process.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { MessagePage } from '#shared/messages';
import { CLOSE_TRY_LATER, type ServerEvent } from '#shared/protocol';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { createChannel, socketOpener, TestSocket } from '../../../test/test-socket';
import { ThrowawayPostgres } from '../../../test/throwaway-postgres';

type Answer = Extract<ServerEvent, { type: 'message_ack' | 'message_rejected' }>;
type Send = { clientId: string; content: string };

const STORE_AWAY = 'Le stockage ne répond pas : réessayez dans quelques instants';

let pg: ThrowawayPostgres;
let server: TestServer;
beforeAll(async () => {
  pg = await ThrowawayPostgres.start();
  server = await startTestServer({ store: pg.store() });
});
afterAll(async () => {
  await server?.close();
  await pg?.destroy();
});
const open = socketOpener(() => server);

const isAnswer = (e: ServerEvent): e is Answer =>
  e.type === 'message_ack' || e.type === 'message_rejected';

/** Send these over the socket, and wait for the answer to each (they come in any order). */
async function sendAll(socket: TestSocket, channelId: string, sends: Send[]): Promise<Answer[]> {
  const from = socket.events.length;
  for (const { clientId, content } of sends) {
    socket.send({ type: 'send_message', channelId, clientId, message: { content } });
  }
  const answerTo = (clientId: string) =>
    socket.events.slice(from).find((e): e is Answer => isAnswer(e) && e.clientId === clientId);
  const allAnswered = () => sends.every(({ clientId }) => answerTo(clientId));
  if (!allAnswered()) await socket.next(allAnswered, 20_000);
  return sends.map(({ clientId }) => answerTo(clientId) as Answer);
}

const sendOne = async (socket: TestSocket, channelId: string, send: Send) =>
  (await sendAll(socket, channelId, [send]))[0] as Answer;

async function history(actor: Actor, channelId: string) {
  const res = await actor.client.get<MessagePage>(`/api/channels/${channelId}/messages?limit=100`);
  expect(res.status).toBe(200);
  return res.body.messages;
}

/**
 * Send until every one is acknowledged, as the web client does: a refusal for now is sent
 * again after its hint (shortened here: the test need not wait it out), nothing else is.
 */
async function deliver(socket: TestSocket, channelId: string, sends: Send[]): Promise<void> {
  let waiting = sends;
  for (let round = 0; waiting.length > 0; round++) {
    expect(round).toBeLessThan(20);
    const answers = await sendAll(socket, channelId, waiting);
    for (const answer of answers) if (answer.type === 'message_rejected') expectRetryable(answer);
    waiting = waiting.filter((_, i) => answers[i]?.type !== 'message_ack');
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Once the node reaches its store again (what a load balancer's probe waits for). */
async function storeBack(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await fetch(`${server.url}/readyz`)).status !== 200) {
    if (Date.now() > deadline) throw new Error('the store did not come back');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A refusal for now: 503, the store's message, a retry hint. */
function expectRetryable(answer: Answer): void {
  expect(answer).toMatchObject({ type: 'message_rejected', status: 503, message: STORE_AWAY });
  expect(answer.type === 'message_rejected' && answer.retryAfterMs).toBeGreaterThan(0);
}

describe('the store restarts', () => {
  it('a send meanwhile is refused 503 with a retry hint, by socket and HTTP; the resend is stored once; nothing acknowledged is lost', async () => {
    const alice = await buildUser(server);
    const channel = await createChannel(alice);
    const socket = await open(alice);

    // Sends in flight as the store goes: each is acknowledged, or refused as retryable.
    const before = Array.from({ length: 20 }, (_, i) => ({
      clientId: randomUUID(),
      content: `avant ${i}`,
    }));
    const stopping = pg.stop();
    const settled = await sendAll(socket, channel.id, before);
    await stopping;
    for (const answer of settled) if (answer.type === 'message_rejected') expectRetryable(answer);
    const acknowledged = settled.filter((a) => a.type === 'message_ack').map((a) => a.clientId);

    // While it is down: the socket's send and the POST are both refused as retryable, and a
    // socket opening is told to come back later.
    const during = { clientId: randomUUID(), content: 'pendant' };
    expectRetryable(await sendOne(socket, channel.id, during));
    const post = await alice.client.post<ApiErrorBody>(`/api/channels/${channel.id}/messages`, {
      content: 'pendant, par HTTP',
      clientId: randomUUID(),
    });
    expect(post.status).toBe(503);
    expect(post.body.message).toBe(STORE_AWAY);
    expect(Number(post.headers.get('retry-after'))).toBeGreaterThan(0);
    const opening = await TestSocket.connect(server, alice.client.cookieHeader);
    const closed = await new Promise<number>((resolve) => opening.once('close', resolve));
    expect(closed).toBe(CLOSE_TRY_LATER);

    await pg.startServer();
    await storeBack();

    // The client sends again what was refused, with the same clientIds: stored once each.
    // (One refused as its connection closed may have been committed: `created` is false then.)
    const refused = before.filter((b) => !acknowledged.includes(b.clientId));
    await deliver(socket, channel.id, [...refused, during]);
    // A resend of a stored message is answered with it, not stored again.
    expect(await sendOne(socket, channel.id, during)).toMatchObject({
      type: 'message_ack',
      created: false,
    });

    const stored = await history(alice, channel.id);
    expect(stored.map((m) => m.clientId).sort()).toEqual(
      [...before, during].map((s) => s.clientId).sort(),
    );
    // Every acknowledged send is there, in the order it was sent.
    const order = stored.map((m) => m.content);
    expect(order.filter((c) => c.startsWith('avant'))).toEqual(before.map((b) => b.content));
  }, 60_000);
});
