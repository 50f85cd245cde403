import { describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import {
  CLOSE_SERVICE_RESTART,
  CLOSE_SESSION_ENDED,
  CLOSE_TRY_LATER,
  RESTART_RECONNECT_MAX_MS,
} from '#shared/protocol/close-codes';
import { overloadNotice } from './overload-notice';
import { readServerMessage, socketUrl } from './socket';
import { setup } from './test-socket';

describe('RealtimeSocket', () => {
  it('authenticates first on open', () => {
    const { client, current } = setup();
    client.start('u1');
    expect(client.connectionState).toBe('connecting');
    current().open();
    expect(client.connectionState).toBe('open');
    expect(current().sent).toEqual([{ type: 'auth', userId: 'u1' }]);
  });

  it('queues frames while connecting and flushes them in order after auth', () => {
    const { client, current, timers } = setup();
    client.start('u1');
    client.send({ type: 'typing', channelId: 'c1', isTyping: true });
    client.send({ type: 'ping' });
    expect(client.queuedCount).toBe(2);
    // The 100 ms flush retry finds the socket still connecting: nothing goes out.
    timers.advance(100);
    expect(current().sent).toEqual([]);
    current().open();
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'typing', channelId: 'c1', isTyping: true },
      { type: 'ping' },
    ]);
    expect(client.queuedCount).toBe(0);
  });

  it('retries the flush every 100 ms while sends fail', () => {
    const { client, current, timers } = setup();
    client.start('u1');
    current().open();
    current().failSends = true;
    client.send({ type: 'ping' });
    expect(client.queuedCount).toBe(1);
    timers.advance(100);
    expect(client.queuedCount).toBe(1);
    current().failSends = false;
    timers.advance(100);
    expect(client.queuedCount).toBe(0);
    expect(current().sent.at(-1)).toEqual({ type: 'ping' });
  });

  it('does not queue frames sent with queue: false', () => {
    const { client } = setup();
    client.start('u1');
    expect(client.send({ type: 'typing', channelId: 'c1', isTyping: true }, { queue: false })).toBe(
      false,
    );
    expect(client.queuedCount).toBe(0);
  });

  it('sent away for now (4503), waits the server’s hint plus its own jitter, saying so', () => {
    const { client, sockets, current, timers } = setup();
    client.start('u1');
    current().drop(CLOSE_TRY_LATER, JSON.stringify({ retryMs: 8000 }));
    expect(overloadNotice.active).toBe(true);
    timers.advance(7999);
    expect(sockets).toHaveLength(1);
    timers.advance(1001);
    expect(sockets).toHaveLength(2);
    current().open();
    expect(overloadNotice.active).toBe(false);
    // An unreadable hint falls back to the ordinary 3 s.
    current().drop(CLOSE_TRY_LATER, 'garbage');
    timers.advance(3000 + 1000);
    expect(sockets).toHaveLength(3);
    client.stop();
    expect(overloadNotice.active).toBe(false);
  });

  it('reconnects 3 s after a close, then re-auths, re-sends what the features ask and flushes', () => {
    const { client, sockets, current, timers } = setup();
    const opens: boolean[] = [];
    client.onOpen(({ reconnected }) => opens.push(reconnected));
    // What the channels and users features register (join-channel.ts, send-presence.ts).
    let channelId: string | undefined;
    client.resendOnOpen(() => (channelId ? { type: 'join_channel', channelId } : undefined));
    const stopAway = client.resendOnOpen(() => ({ type: 'presence', status: 'away' }));
    client.start('u1');
    current().open();
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'presence', status: 'away' },
    ]);
    channelId = 'c1';
    current().drop();
    expect(client.connectionState).toBe('closed');
    client.send({ type: 'typing', channelId: 'c1', isTyping: false });

    timers.advance(2999);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    current().open();
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'join_channel', channelId: 'c1' },
      { type: 'presence', status: 'away' },
      { type: 'typing', channelId: 'c1', isTyping: false },
    ]);
    expect(opens).toEqual([false, true]);
    // A registration withdrawn is asked no more.
    stopAway();
    current().drop();
    timers.advance(3000);
    current().open();
    expect(current().sent).toEqual([
      { type: 'auth', userId: 'u1' },
      { type: 'join_channel', channelId: 'c1' },
    ]);
  });

  it('sendIfOpen sends at once, ahead of the queue, and drops what cannot go now', () => {
    const { client, current } = setup();
    client.start('u1');
    expect(client.sendIfOpen({ type: 'ping' })).toBe(false);
    expect(client.queuedCount).toBe(0);
    current().open();
    current().failSends = true;
    client.send({ type: 'typing', channelId: 'c1', isTyping: true });
    current().failSends = false;
    expect(client.sendIfOpen({ type: 'join_channel', channelId: 'c1' })).toBe(true);
    expect(current().sent.at(-1)).toEqual({ type: 'join_channel', channelId: 'c1' });
    expect(client.queuedCount).toBe(1);
  });

  it('keeps retrying every 3 s while the server is down', () => {
    const { client, sockets, current, timers } = setup();
    client.start('u1');
    current().drop();
    timers.advance(3000);
    current().drop();
    timers.advance(3000);
    expect(sockets).toHaveLength(3);
  });

  it('reconnects after a random 0–5 s when the node restarts (1012), then as usual', () => {
    const draws = [0.5, 0];
    const { client, sockets, current, timers } = setup({ random: () => draws.shift() ?? 0.99 });
    const opens: boolean[] = [];
    client.onOpen(({ reconnected }) => opens.push(reconnected));
    client.start('u1');
    current().open();
    current().drop(CLOSE_SERVICE_RESTART);
    timers.advance(RESTART_RECONNECT_MAX_MS * 0.5 - 1);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    current().open();
    expect(opens).toEqual([false, true]);

    // A draw of 0: at once; and a failed attempt falls back to the usual 3 s retries.
    current().drop(CLOSE_SERVICE_RESTART);
    timers.advance(0);
    expect(sockets).toHaveLength(3);
    current().drop();
    timers.advance(2999);
    expect(sockets).toHaveLength(3);
    timers.advance(1);
    expect(sockets).toHaveLength(4);
  });

  it('stops for good on stop() and on a session-ended close', () => {
    const { client, sockets, current, timers } = setup();
    let ended = 0;
    client.onSessionEnded(() => ended++);
    client.start('u1');
    current().open();
    current().drop(CLOSE_SESSION_ENDED);
    timers.advance(10_000);
    expect(sockets).toHaveLength(1);
    expect(ended).toBe(1);
    expect(client.connectionState).toBe('idle');

    client.start('u1');
    expect(sockets).toHaveLength(2);
    client.stop();
    timers.advance(10_000);
    expect(sockets).toHaveLength(2);
    expect(timers.pending).toBe(0);
  });

  it('drops at once when the browser goes offline and reconnects at once when back', () => {
    const { client, sockets, current, timers } = setup();
    client.start('u1');
    current().open();
    client.dropConnection();
    expect(client.connectionState).toBe('closed');
    expect(sockets[0]?.readyState).toBe(3);
    client.reconnectNow();
    expect(sockets).toHaveLength(2);
    current().open();
    expect(client.connectionState).toBe('open');
    // The 3 s timer of the drop was replaced by the immediate reconnect.
    timers.advance(3000);
    expect(sockets).toHaveLength(2);
  });

  it('delivers single and batched events in order', () => {
    const { client, current } = setup();
    const events: ServerEvent['type'][] = [];
    client.onEvent((event) => events.push(event.type));
    client.start('u1');
    current().open();
    current().receive({ type: 'ready', userId: 'u1' });
    current().receive([{ type: 'pong' }, { type: 'resync' }]);
    current().onmessage?.({ data: 'not json' });
    expect(events).toEqual(['ready', 'pong', 'resync']);
  });
});

describe('socketUrl', () => {
  it('follows the page, or the native app origin', () => {
    expect(socketUrl({ protocol: 'https:', host: 'ruche.example' })).toBe('wss://ruche.example/ws');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(socketUrl({ protocol: 'capacitor:', host: 'localhost' }, 'https://chat.example')).toBe(
      'wss://chat.example/ws',
    );
  });
});

describe('readServerMessage', () => {
  it('ignores what is not an event, and drops a message that is not JSON text', () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readServerMessage('[1, {"type":"pong"}]')).toEqual([{ type: 'pong' }]);
    expect(report).not.toHaveBeenCalled();
    expect(readServerMessage(42)).toEqual([]);
    expect(readServerMessage('not json')).toEqual([]);
    expect(report).toHaveBeenCalledTimes(2);
    report.mockRestore();
  });
});
