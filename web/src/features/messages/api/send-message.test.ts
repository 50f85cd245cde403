import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isUnauthorized } from '@/lib/api';
import { setup } from '@/lib/test-socket';
import { buildTestMessage } from '../lib/test-message';
import { sendMessageOverSocket } from './send-message';

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
