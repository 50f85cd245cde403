import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isUnauthorized } from '@/lib/api';
import { setup } from '@/lib/test-socket';
import { pendingSends, removePendingSend } from '../lib/pending-sends';
import { buildTestMessage } from '../lib/test-message';
import { sendMessageOverSocket, startSend } from './send-message';

afterEach(() => {
  vi.useRealTimers();
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
