import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { ServerEvent } from '#shared/protocol';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { createChannel, joinChannel, socketOpener, TestSocket } from '../../test/test-socket';
import { addressKey } from '../auth/login-throttle';

// docs/security.md, finding 6: one socket or one account cannot flood the server.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { WS_FRAMES_PER_SECOND: '5', SEND_RATE_PER_SECOND: '1', MAX_SOCKETS_PER_USER: '2' },
  });
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

const settle = (socket: TestSocket, ms = 300) =>
  new Promise<ServerEvent[]>((resolve) => setTimeout(() => resolve(socket.events), ms));

describe('per-socket frame rate', () => {
  it('answers a burst past the bucket with errors, then serves again once it refills', async () => {
    const socket = await open(await buildUser(server));
    for (let i = 0; i < 30; i++) socket.send({ type: 'ping' });
    const events = await settle(socket);
    const pongs = events.filter((e) => e.type === 'pong').length;
    const refused = events.filter(
      (e) => e.type === 'error' && e.message === 'Trop de trames : ralentissez',
    );
    // A bucket of 10 (twice the rate), a little refill meanwhile.
    expect(pongs).toBeGreaterThanOrEqual(10);
    expect(pongs).toBeLessThan(15);
    expect(refused.length).toBe(30 - pongs);
    await new Promise((r) => setTimeout(r, 1000));
    await socket.sync();
  });
});

describe('per-account send rate', () => {
  it('rejects sends past the bucket with 429, over the socket and over HTTP (Retry-After)', async () => {
    const alice = await buildUser(server);
    const channel = await createChannel(alice);
    const socket = await open(alice);
    const clientIds = Array.from({ length: 8 }, () => randomUUID());
    // Eight frames: inside the socket's burst of ten, so that only the send rate refuses.
    clientIds.forEach((clientId, i) => {
      socket.send({
        type: 'send_message',
        channelId: channel.id,
        clientId,
        message: { content: `n°${i}` },
      });
    });
    const answers = await Promise.all(
      clientIds.map((clientId) =>
        socket.next(
          (e) =>
            (e.type === 'message_ack' || e.type === 'message_rejected') && e.clientId === clientId,
          8000,
        ),
      ),
    );
    const rejected = answers.filter((a) => a.type === 'message_rejected');
    expect(answers.filter((a) => a.type === 'message_ack').length).toBeGreaterThanOrEqual(6);
    for (const r of rejected) expect(r).toMatchObject({ status: 429 });

    const http = await alice.client.post<ApiErrorBody>(`/api/channels/${channel.id}/messages`, {
      content: 'encore',
    });
    expect(http.status).toBe(429);
    expect(http.body.message).toBe('Vous envoyez trop de messages : patientez quelques secondes');
    expect(Number(http.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('sockets per account', () => {
  it('refuses the upgrade past MAX_SOCKETS_PER_USER with 429, and takes one again after a close', async () => {
    const bob = await buildUser(server);
    const first = await open(bob);
    await open(bob);
    await expect(TestSocket.connect(server, bob.client.cookieHeader)).rejects.toMatchObject({
      status: 429,
    });
    await first.close();
    await new Promise((r) => setTimeout(r, 100));
    await open(bob);
  });
});

describe('typing', () => {
  it('is honoured at most once per 2 s per channel, and stopping only after a start', async () => {
    const [alice, bob] = [await buildUser(server), await buildUser(server)];
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const [a, b] = [await open(alice), await open(bob)];
    await b.view(channel.id);
    a.send({ type: 'typing', channelId: channel.id, isTyping: true });
    a.send({ type: 'typing', channelId: channel.id, isTyping: true });
    a.send({ type: 'typing', channelId: channel.id, isTyping: false });
    a.send({ type: 'typing', channelId: channel.id, isTyping: false });
    a.send({ type: 'typing', channelId: channel.id, isTyping: true });
    const updates = (await settle(b, 500)).filter((e) => e.type === 'typing_update');
    expect(updates.map((e) => e.type === 'typing_update' && e.isTyping)).toEqual([true, false]);
  });
});

describe('sign-in attempts per account', () => {
  let roomy: TestServer;
  beforeAll(async () => {
    roomy = await startTestServer();
  });
  afterAll(() => roomy?.close());

  it('waits after five failures, whatever the address, with Retry-After; other accounts are untouched', async () => {
    const carol = await buildUser(roomy);
    const dave = await buildUser(roomy);
    const attempt = (email: string | null, password: string) =>
      new TestClient(roomy.url).post<ApiErrorBody>('/api/auth/login', { email, password });
    for (let i = 0; i < 5; i++)
      expect((await attempt(carol.user.email, `faux-${i}`)).status).toBe(401);
    const locked = await attempt(carol.user.email, carol.password);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('1');
    expect(locked.body.message).toMatch(/^Trop de tentatives pour ce compte/);
    expect((await attempt(dave.user.email, dave.password)).status).toBe(200);
    // The same for an unknown address: the answer says nothing about the account.
    for (let i = 0; i < 5; i++) await attempt('personne@ruche.test', `faux-${i}`);
    expect((await attempt('personne@ruche.test', 'x')).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await attempt(carol.user.email, carol.password)).status).toBe(200);
  });

  it('counts IPv6 addresses by their /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});
