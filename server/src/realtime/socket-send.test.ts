/**
 * Sending a message over the socket (`send_message`), as the web client does, against a
 * real server and store: the same checks and answers as POST /api/channels/{id}/messages.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, MessagePage } from '#shared/messages';
import { CLOSE_SESSION_ENDED, type ServerEvent } from '#shared/protocol';
import { type Actor, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import {
  createChannel,
  isEvent,
  joinChannel,
  socketOpener,
  type TestSocket,
} from '../../test/test-socket';

type Answer = Extract<ServerEvent, { type: 'message_ack' | 'message_rejected' }>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

function send(socket: TestSocket, channelId: string, message: Record<string, unknown>) {
  const clientId = (message.clientId as string | undefined) ?? randomUUID();
  socket.send({ type: 'send_message', channelId, clientId, message });
  return clientId;
}

const answerTo =
  (clientId: string) =>
  (event: ServerEvent): boolean =>
    (event.type === 'message_ack' || event.type === 'message_rejected') &&
    event.clientId === clientId;

async function history(actor: Actor, channelId: string): Promise<Message[]> {
  const res = await actor.client.get<MessagePage>(`/api/channels/${channelId}/messages`);
  return res.body.messages;
}

describe('send_message', () => {
  it('acknowledges with the stored message, and the other members receive it live', async () => {
    const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const [aliceSocket, bobSocket] = await Promise.all([open(alice), open(bob)]);

    const clientId = send(aliceSocket, channel.id, { content: '  **bonjour**  ' });
    const ack = await aliceSocket.next<Answer>(answerTo(clientId));
    expect(ack).toMatchObject({ type: 'message_ack', channelId: channel.id, created: true });
    const message = (ack as Extract<Answer, { type: 'message_ack' }>).message;
    // docs/product.md §5: trimmed; the author comes with it, as over HTTP.
    expect(message).toMatchObject({ content: '**bonjour**', clientId, userId: alice.user.id });
    expect(message.user).toMatchObject({ id: alice.user.id, displayName: alice.user.displayName });

    const live = await bobSocket.next(isEvent('new_message', { channelId: channel.id }));
    expect(live).toMatchObject({ seq: message.seq, message: { id: message.id } });
    expect((await history(bob, channel.id)).map((m) => m.id)).toEqual([message.id]);
  });

  it('stores a retried clientId once, over the socket and over HTTP alike', async () => {
    const alice = await buildUser(server);
    const channel = await createChannel(alice);
    const [first, second] = await Promise.all([open(alice), open(alice)]);
    const clientId = randomUUID();
    // Ten retries at once from one socket, and one from another tab.
    for (let i = 0; i < 10; i++) send(first, channel.id, { content: 'une fois', clientId });
    send(second, channel.id, { content: 'une fois', clientId });
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await first.next<Answer>(answerTo(clientId)));
    answers.push(await second.next<Answer>(answerTo(clientId)));
    const acks = answers.filter((a) => a.type === 'message_ack');
    expect(acks).toHaveLength(11);
    expect(new Set(acks.map((a) => a.message.id)).size).toBe(1);
    expect(acks.filter((a) => a.created)).toHaveLength(1);

    const retried = await alice.client.post<Message>(`/api/channels/${channel.id}/messages`, {
      content: 'une fois',
      clientId,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(acks[0]?.message.id);
    expect(await history(alice, channel.id)).toHaveLength(1);
  });

  it('answers bad input with the POST’s 400 and field errors, and the socket stays usable', async () => {
    const alice = await buildUser(server);
    const channel = await createChannel(alice);
    const socket = await open(alice);
    const clientId = send(socket, channel.id, { content: '   ' });
    expect(await socket.next(answerTo(clientId))).toMatchObject({
      type: 'message_rejected',
      status: 400,
      message: 'Le message est vide : écrivez un texte ou joignez un fichier',
      errors: { content: ['Le message est vide : écrivez un texte ou joignez un fichier'] },
    });
    const next = send(socket, channel.id, { content: 'mieux' });
    expect(await socket.next(answerTo(next))).toMatchObject({ type: 'message_ack' });
  });

  it('refuses a channel the sender is not a member of with 404, and nobody hears of it', async () => {
    const [alice, eve] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await createChannel(alice);
    const [aliceSocket, eveSocket] = await Promise.all([open(alice), open(eve)]);
    const clientId = send(eveSocket, channel.id, { content: 'intrusion' });
    expect(await eveSocket.next(answerTo(clientId))).toMatchObject({
      type: 'message_rejected',
      status: 404,
      message: 'Canal introuvable',
    });
    const unknown = send(eveSocket, 'pas-un-uuid', { content: 'nulle part' });
    expect(await eveSocket.next(answerTo(unknown))).toMatchObject({ status: 404 });
    await aliceSocket.sync();
    expect(aliceSocket.ofChannel(channel.id)).toEqual([]);
    expect(await history(alice, channel.id)).toEqual([]);
  });

  it('refuses a send once the session is gone from the store: 401, the socket closes, nothing stored', async () => {
    const alice = await buildUser(server);
    const channel = await createChannel(alice);
    const socket = await open(alice);
    // Deleted without a sign-out (an expiry sweep, an administrator): no session_ended event.
    await server.database.sql`delete from sessions where sess->>'userId' = ${alice.user.id}`;
    const clientId = send(socket, channel.id, { content: 'trop tard' });
    expect(await socket.next(answerTo(clientId))).toMatchObject({
      type: 'message_rejected',
      status: 401,
    });
    expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);
    const [row] = await server.database.sql<{ n: number }[]>`
      select count(*)::int as n from messages where channel_id = ${channel.id}`;
    expect(row?.n).toBe(0);
  });

  it("keeps one socket's burst in the order it was sent, mentions included", async () => {
    const [alice, bob] = await Promise.all([
      buildUser(server),
      buildUser(server, { displayName: 'Bob' }),
    ]);
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const socket = await open(alice);
    // Every third message names @Bob, which takes the slower path of a mention look-up.
    const contents = Array.from({ length: 30 }, (_, i) => (i % 3 ? `n${i}` : `n${i} @Bob`));
    const ids = contents.map((content) => send(socket, channel.id, { content }));
    for (const id of ids) {
      expect(await socket.next(answerTo(id))).toMatchObject({ type: 'message_ack' });
    }
    const stored = await history(alice, channel.id);
    expect(stored.map((m) => m.content)).toEqual(contents);
    expect(stored[0]?.mentions).toEqual([bob.user.id]);
  });
});
