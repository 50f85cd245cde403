import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isUnauthorized } from '@/lib/api';
import { setup } from '@/lib/test-socket';
import {
  type PendingSend,
  pendingSends,
  removePendingSend,
  replacePendingSends,
} from '../lib/pending-sends';
import { buildTestMessage } from '../lib/test-message';
import { sendMessageOverSocket } from './deliver-sends';
import { retryWaitingMessages, startSend } from './send-message';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  replacePendingSends([]);
});

function openSocket() {
  const harness = setup();
  harness.client.start('alice');
  harness.current().open();
  harness.current().sent.length = 0;
  return harness;
}

const input = { content: 'bonjour', clientId: 'k1', mentions: ['bob'] };

describe('sendMessageOverSocket', () => {
  it('sends a send_message frame and settles with the stored message of its own ack', async () => {
    const { client, current } = openSocket();
    const sending = sendMessageOverSocket(client, 'c1', input);
    expect(current().sent).toEqual([
      {
        type: 'send_message',
        channelId: 'c1',
        clientId: 'k1',
        message: { content: 'bonjour', clientId: 'k1', mentions: ['bob'] },
      },
    ]);
    const stored = buildTestMessage(7, { id: 'm1', clientId: 'k1' });
    // Another send's answer is not this one's.
    current().receive({ type: 'message_ack', clientId: 'k0', channelId: 'c1', message: {} });
    current().receive([
      { type: 'new_message', channelId: 'c1', seq: stored.seq, message: stored },
      { type: 'message_ack', clientId: 'k1', channelId: 'c1', message: stored, created: true },
    ]);
    await expect(sending).resolves.toEqual(stored);
  });

  it('turns a refusal into the ApiError the POST would have thrown', async () => {
    const { client, current } = openSocket();
    const refused = sendMessageOverSocket(client, 'c1', input);
    current().receive({
      type: 'message_rejected',
      clientId: 'k1',
      channelId: 'c1',
      status: 401,
      message: 'Vous devez être connecté',
    });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, serverMessage: 'Vous devez être connecté' });
    // The app-wide 401 handling (toast, then sign-in) recognises it.
    expect(isUnauthorized(error)).toBe(true);
  });

  it('fails, for a retry, when the socket closes before answering or never answers', async () => {
    const { client, current, timers } = openSocket();
    const dropped = sendMessageOverSocket(client, 'c1', input);
    current().drop();
    await expect(dropped).rejects.not.toBeInstanceOf(ApiError);

    vi.useFakeTimers();
    timers.advance(3000); // the reconnect
    current().open();
    expect(client.connectionState).toBe('open');
    const silent = sendMessageOverSocket(client, 'c1', { ...input, clientId: 'k2' });
    vi.advanceTimersByTime(10_000);
    await expect(silent).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('a send the server refuses for now (503, its store restarting)', () => {
  it('is sent again on the socket after the hint, however many times, and never shown as failed', async () => {
    vi.useFakeTimers();
    const { client, current } = openSocket();
    const entry = {
      clientId: 'k9',
      channelId: 'c1',
      parentMessageId: null,
      content: 'bonjour',
      mentions: [],
      createdAt: new Date().toISOString(),
      state: 'sending' as const,
      attempts: 0,
    };
    const state = () => pendingSends().find((e) => e.clientId === 'k9')?.state;
    startSend(new QueryClient(), client, entry);
    // More refusals than the five attempts a failure gets: a restart may take a while.
    for (let refusal = 1; refusal <= 8; refusal++) {
      await vi.advanceTimersByTimeAsync(0);
      expect(current().sent).toHaveLength(refusal);
      expect(current().sent.at(-1)).toMatchObject({ type: 'send_message', clientId: 'k9' });
      current().receive({
        type: 'message_rejected',
        clientId: 'k9',
        channelId: 'c1',
        status: 503,
        message: 'Le stockage ne répond pas : réessayez dans quelques instants',
        retryAfterMs: 5000,
      });
      await vi.advanceTimersByTimeAsync(4999);
      // Not before the hint.
      expect(current().sent).toHaveLength(refusal);
      expect(state()).toBe('sending');
      await vi.advanceTimersByTimeAsync(2501);
    }
    const stored = buildTestMessage(7, { id: 'm9', clientId: 'k9' });
    current().receive({
      type: 'message_ack',
      clientId: 'k9',
      channelId: 'c1',
      message: stored,
      created: true,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toBeUndefined();
    removePendingSend('k9');
  });
});

const newSend = (clientId: string, channelId = 'c1'): PendingSend => ({
  clientId,
  channelId,
  parentMessageId: null,
  content: `contenu ${clientId}`,
  mentions: [],
  createdAt: new Date().toISOString(),
  state: 'sending',
  attempts: 0,
});

const stateOf = (clientId: string) => pendingSends().find((e) => e.clientId === clientId)?.state;

/** The server's acknowledgement of a socket send: the stored message. */
function ack(socket: ReturnType<typeof openSocket>['current'], clientId: string, channelId = 'c1') {
  const message = buildTestMessage(1, { id: `m-${clientId}`, clientId, channelId });
  socket().receive({ type: 'message_ack', clientId, channelId, message, created: true });
}

/** fetch answering each POST with `answer(clientId)`; the clientIds posted, in order. */
function stubFetch(answer: (clientId: string) => Response | Promise<Response>) {
  const posted: string[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const { clientId } = JSON.parse(String(init.body)) as { clientId: string };
    posted.push(clientId);
    return answer(clientId);
  });
  return posted;
}

const stored = (clientId: string) =>
  new Response(JSON.stringify(buildTestMessage(1, { id: `m-${clientId}`, clientId })), {
    status: 201,
    headers: { 'content-type': 'application/json' },
  });

describe('offline (docs/product.md §2.34): the queue', () => {
  it('written offline, sends wait as queued with nothing sent, then go out once online: each once, in its channel’s order', async () => {
    onlineManager.setOnline(false);
    const { client, current } = setup();
    client.start('alice');
    const queryClient = new QueryClient();
    startSend(queryClient, client, newSend('a1'));
    startSend(queryClient, client, newSend('a2'));
    startSend(queryClient, client, newSend('b1', 'c2'));
    await vi.dynamicImportSettled();
    expect(pendingSends().map((e) => [e.clientId, e.state])).toEqual([
      ['a1', 'queued'],
      ['a2', 'queued'],
      ['b1', 'queued'],
    ]);

    // Back online: the socket opens, and its open sends what waits.
    onlineManager.setOnline(true);
    current().open();
    current().sent.length = 0;
    retryWaitingMessages(queryClient, client);
    // Twice, as the socket's open and the `online` event both do.
    retryWaitingMessages(queryClient, client);
    const sentIds = () =>
      current()
        .sent.filter((f) => (f as { type: string }).type === 'send_message')
        .map((f) => (f as { clientId: string }).clientId)
        .sort();
    // One per channel at a time: a2 waits for a1's acknowledgement.
    await vi.waitFor(() => expect(sentIds()).toEqual(['a1', 'b1']));
    expect(stateOf('a2')).toBe('queued');
    ack(current, 'a1');
    await vi.waitFor(() => expect(sentIds()).toEqual(['a1', 'a2', 'b1']));
    ack(current, 'a2');
    ack(current, 'b1', 'c2');
    await vi.waitFor(() => expect(pendingSends()).toEqual([]));
    expect(sentIds()).toEqual(['a1', 'a2', 'b1']);
  });

  it('a new send behind queued ones of its channel waits its turn', async () => {
    onlineManager.setOnline(false);
    const { client, current } = setup();
    client.start('alice');
    const queryClient = new QueryClient();
    startSend(queryClient, client, newSend('q1'));
    await vi.dynamicImportSettled();
    expect(stateOf('q1')).toBe('queued');
    onlineManager.setOnline(true);
    current().open();
    current().sent.length = 0;
    // Written the moment the network came back, before the reconnect's flush.
    startSend(queryClient, client, newSend('q2'));
    const sent = () => current().sent.map((f) => (f as { clientId?: string }).clientId);
    await vi.waitFor(() => expect(sent()).toEqual(['q1']));
    expect(stateOf('q2')).toBe('queued');
    ack(current, 'q1');
    await vi.waitFor(() => expect(sent()).toEqual(['q1', 'q2']));
    ack(current, 'q2');
    await vi.waitFor(() => expect(pendingSends()).toEqual([]));
  });

  it('the server out of reach: after its automatic attempts a send waits as queued, not failed, and a reconnect sends it', async () => {
    vi.useFakeTimers();
    let reachable = false;
    const posted = stubFetch((clientId) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return stored(clientId);
    });
    const queryClient = new QueryClient();
    // No socket (it cannot connect either): every attempt is an HTTP POST.
    startSend(queryClient, null, newSend('u1', 'c3'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posted).toEqual(['u1', 'u1', 'u1', 'u1', 'u1']);
    expect(stateOf('u1')).toBe('queued');
    // Nothing more until the connection is back.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(posted).toHaveLength(5);

    reachable = true;
    retryWaitingMessages(queryClient, null);
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toHaveLength(6);
    expect(stateOf('u1')).toBeUndefined();
  });

  it('a send the server refuses for good (404) is shown as failed and not sent again by itself', async () => {
    vi.useFakeTimers();
    const posted = stubFetch(
      () =>
        new Response(JSON.stringify({ message: 'Canal introuvable' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const queryClient = new QueryClient();
    startSend(queryClient, null, newSend('r1', 'c4'));
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf('r1')).toBe('failed');
    retryWaitingMessages(queryClient, null);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(posted).toEqual(['r1']);
    expect(stateOf('r1')).toBe('failed');
  });
});
