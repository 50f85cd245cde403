import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IceServersResponse } from '#shared/calls';
import type { Channel } from '#shared/channels';
import type { ServerEvent } from '#shared/protocol';
import type { CallEvent } from '#shared/protocol/calls';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener, type TestSocket } from '../../../test/test-socket';
import { callsConfig, DEFAULT_ICE_SERVERS } from './config';
import { iceServersFor } from './ice';
import { MISSED_CALL_LINE } from './service';

const RING_MS = 2500;
const GRACE_MS = 2500;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { CALL_RING_TIMEOUT_MS: String(RING_MS), CALL_RECONNECT_GRACE_MS: String(GRACE_MS) },
  });
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

type Of<K extends CallEvent['type']> = Extract<ServerEvent, { type: K }>;
const OFFER = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const ANSWER = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
const candidate = (n: number) => ({
  candidate: `candidate:${n} 1 udp 2122260223 127.0.0.1 5${n}000 typ host`,
  sdpMid: '0',
  sdpMLineIndex: 0,
});

async function directChannel(a: Actor, b: Actor): Promise<Channel> {
  const res = await a.client.post<Channel>('/api/channels/direct', { recipientId: b.user.id });
  if (res.status >= 300) throw new Error(`direct: ${res.status}`);
  return res.body;
}

/** Alice and Bob in their direct channel, Alice with one tab, Bob with two. */
async function pair() {
  const [alice, bob] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
  ]);
  const dm = await directChannel(alice, bob);
  const [a, b1, b2] = await Promise.all([open(alice), open(bob), open(bob)]);
  return { alice, bob, dm, a, b1, b2 };
}

/** Alice's tab rings Bob: the call's id and the frames' routing fields. */
function ring(a: TestSocket, dm: Channel, to: Actor, tabId = 'tab-alice') {
  const callId = randomUUID();
  const route = { channelId: dm.id, toUserId: to.user.id, callId };
  a.send({ type: 'video-offer', ...route, tabId, offer: OFFER });
  return { callId, route };
}

const lineIn = (socket: TestSocket, channelId: string) =>
  socket.next<Extract<ServerEvent, { type: 'new_message' }>>(isEvent('new_message', { channelId }));

describe('1:1 video calls', () => {
  it('rings every tab of the callee; one tab answers, the other stops; the hang-up posts the duration', async () => {
    const { alice, bob, dm, a, b1, b2 } = await pair();
    const { callId, route } = ring(a, dm, bob);
    for (const tab of [b1, b2]) {
      const offer = await tab.next<Of<'video-offer'>>(isEvent('video-offer', { callId }));
      expect(offer).toMatchObject({
        channelId: dm.id,
        offer: OFFER,
        toTabId: null,
        fromUser: { userId: alice.user.id, displayName: 'Alice' },
      });
    }
    // Candidates sent while it rings reach every tab of Bob.
    a.send({ type: 'video-ice-candidate', ...route, tabId: 'tab-alice', candidate: candidate(1) });
    for (const tab of [b1, b2]) {
      await tab.next(isEvent('video-ice-candidate', { callId, toTabId: null } as never));
    }

    const back = { channelId: dm.id, toUserId: alice.user.id, callId };
    b1.send({ type: 'video-answer', ...back, tabId: 'tab-bob-1', answer: ANSWER });
    const answer = await a.next<Of<'video-answer'>>(isEvent('video-answer', { callId }));
    expect(answer).toMatchObject({ answer: ANSWER, toTabId: 'tab-alice' });
    for (const tab of [b1, b2]) {
      await tab.next(isEvent('video-call-accepted', { callId, tabId: 'tab-bob-1' } as never));
    }

    // The second tab's late answer and candidates are not the call's: Alice gets none of them.
    b2.send({ type: 'video-answer', ...back, tabId: 'tab-bob-2', answer: ANSWER });
    b2.send({ type: 'video-ice-candidate', ...back, tabId: 'tab-bob-2', candidate: candidate(2) });
    b1.send({ type: 'video-ice-candidate', ...back, tabId: 'tab-bob-1', candidate: candidate(3) });
    const relayed = await a.next<Of<'video-ice-candidate'>>(isEvent('video-ice-candidate'));
    expect(relayed.candidate).toEqual(candidate(3));
    expect(a.events.filter((e) => e.type === 'video-answer')).toHaveLength(1);

    // From now on Alice's candidates name Bob's answering tab.
    a.send({ type: 'video-ice-candidate', ...route, tabId: 'tab-alice', candidate: candidate(4) });
    await b2.next(isEvent('video-ice-candidate', { toTabId: 'tab-bob-1' } as never));

    a.send({ type: 'video-end-call', ...route, tabId: 'tab-alice' });
    for (const tab of [a, b1, b2]) {
      const end = await tab.next<Of<'video-end-call'>>(isEvent('video-end-call', { callId }));
      expect(end.reason).toBe('ended');
      expect(end.durationMs).toBeGreaterThanOrEqual(0);
    }
    const line = await lineIn(b1, dm.id);
    expect(line.message.content).toMatch(/^Appel vidéo · \d+ s$/);
    expect(line.message.userId).toBe(alice.user.id);
  });

  it('a decline from any tab of the callee ends the call for everyone and posts a missed call', async () => {
    const { bob, alice, dm, a, b1, b2 } = await pair();
    const { callId } = ring(a, dm, bob);
    await b1.next(isEvent('video-offer', { callId }));
    b2.send({
      type: 'video-end-call',
      channelId: dm.id,
      toUserId: alice.user.id,
      callId,
      tabId: 'tab-bob-2',
    });
    for (const tab of [a, b1, b2]) {
      const end = await tab.next<Of<'video-end-call'>>(isEvent('video-end-call', { callId }));
      expect(end).toMatchObject({ reason: 'declined', durationMs: null });
    }
    expect((await lineIn(a, dm.id)).message.content).toBe(MISSED_CALL_LINE);
  });

  it('a call nobody answers is missed after the ring timeout', async () => {
    const { bob, dm, a, b1 } = await pair();
    const started = Date.now();
    const { callId } = ring(a, dm, bob);
    await b1.next(isEvent('video-offer', { callId }));
    const end = await a.next<Of<'video-end-call'>>(
      isEvent('video-end-call', { callId }),
      RING_MS + 5000,
    );
    expect(end.reason).toBe('missed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(RING_MS - 100);
    await b1.next(isEvent('video-end-call', { callId }));
    expect((await lineIn(b1, dm.id)).message.content).toBe(MISSED_CALL_LINE);
  });

  it('answers busy to a caller when the callee is already in a call', async () => {
    const { alice, bob, dm, a, b1 } = await pair();
    const carol = await buildUser(server, { displayName: 'Carol' });
    const carolDm = await directChannel(carol, bob);
    const c = await open(carol);
    const { callId } = ring(a, dm, bob);
    await b1.next(isEvent('video-offer', { callId }));
    b1.send({
      type: 'video-answer',
      channelId: dm.id,
      toUserId: alice.user.id,
      callId,
      tabId: 'tab-bob-1',
      answer: ANSWER,
    });
    await a.next(isEvent('video-answer', { callId }));

    const second = ring(c, carolDm, bob, 'tab-carol');
    const busy = await c.next<Of<'video-end-call'>>(
      isEvent('video-end-call', { callId: second.callId }),
    );
    expect(busy.reason).toBe('busy');
    // Bob's tabs never rang for Carol; the conversation shows him a missed call.
    expect((await lineIn(b1, carolDm.id)).message.content).toBe(MISSED_CALL_LINE);
    expect(b1.events.some((e) => e.type === 'video-offer' && e.callId === second.callId)).toBe(
      false,
    );
    // Alice, in that call, cannot ring anyone else either.
    const third = ring(a, dm, bob, 'tab-alice');
    expect(
      (await a.next<Of<'video-end-call'>>(isEvent('video-end-call', { callId: third.callId })))
        .reason,
    ).toBe('busy');
  });

  it('drops frames from or to a user who is not in the direct channel or the call', async () => {
    const { alice, bob, dm, a, b1 } = await pair();
    const mallory = await buildUser(server);
    const m = await open(mallory);

    // Not a member of Alice and Bob's conversation: no ring, an error to the sender.
    const forged = ring(m, dm, bob, 'tab-mallory');
    await m.next(isEvent('error'));
    // Not a direct channel between these two: Alice calls Mallory in her DM with Bob.
    const wrongPeer = ring(a, dm, mallory, 'tab-alice');
    await a.next(isEvent('error'));

    const { callId, route } = ring(a, dm, bob);
    await b1.next(isEvent('video-offer', { callId }));
    // Mallory cannot speak in that call, whatever she claims.
    const inCall = { channelId: dm.id, callId, tabId: 'tab-mallory' };
    m.send({
      type: 'video-ice-candidate',
      ...inCall,
      toUserId: bob.user.id,
      candidate: candidate(6),
    });
    m.send({ type: 'video-answer', ...inCall, toUserId: alice.user.id, answer: ANSWER });
    m.send({ type: 'video-end-call', ...inCall, toUserId: alice.user.id });
    await m.sync();
    // Alice cannot send the call's frames to Mallory.
    a.send({
      type: 'video-ice-candidate',
      ...route,
      toUserId: mallory.user.id,
      tabId: 'tab-alice',
      candidate: candidate(7),
    });
    // What Alice sends next to Bob arrives after anything sent before it would have.
    a.send({ type: 'video-ice-candidate', ...route, tabId: 'tab-alice', candidate: candidate(8) });
    const got = await b1.next<Of<'video-ice-candidate'>>(isEvent('video-ice-candidate'));
    expect(got.candidate).toEqual(candidate(8));
    await m.sync();
    await a.sync();
    const callTypes = new Set([
      'video-offer',
      'video-answer',
      'video-ice-candidate',
      'video-end-call',
    ]);
    expect(m.events.filter((e) => callTypes.has(e.type))).toEqual([]);
    expect(a.events.filter((e) => callTypes.has(e.type))).toEqual([]);
    for (const id of [forged.callId, wrongPeer.callId]) {
      expect(b1.events.some((e) => 'callId' in e && e.callId === id)).toBe(false);
    }
    a.send({ type: 'video-end-call', ...route, tabId: 'tab-alice' });
    expect(
      (await b1.next<Of<'video-end-call'>>(isEvent('video-end-call', { callId }))).reason,
    ).toBe('cancelled');
  });

  it('a call survives a reconnect of one side within the grace period, and ends after it', async () => {
    const { alice, bob, dm, a, b1, b2 } = await pair();
    const { callId, route } = ring(a, dm, bob);
    await b1.next(isEvent('video-offer', { callId }));
    const back = { channelId: dm.id, toUserId: alice.user.id, callId };
    b1.send({ type: 'video-answer', ...back, tabId: 'tab-bob-1', answer: ANSWER });
    await a.next(isEvent('video-answer', { callId }));

    // Bob's network drops: both tabs close, and one comes back.
    await Promise.all([b1.close(), b2.close()]);
    await new Promise((r) => setTimeout(r, GRACE_MS / 3));
    const again = await open(bob);
    again.send({ type: 'video-call-resume', tabId: 'tab-bob-1' });
    const state = await again.next<Of<'video-call-state'>>(isEvent('video-call-state'));
    expect(state.call).toMatchObject({
      callId,
      state: 'active',
      calleeTabId: 'tab-bob-1',
      callerTabId: 'tab-alice',
      caller: { userId: alice.user.id },
    });
    // Past the grace period, the call still goes on and signals still flow.
    await new Promise((r) => setTimeout(r, GRACE_MS + 500));
    a.send({ type: 'video-ice-candidate', ...route, tabId: 'tab-alice', candidate: candidate(9) });
    await again.next(isEvent('video-ice-candidate', { callId }));
    expect(a.events.some((e) => e.type === 'video-end-call')).toBe(false);

    // Gone for good: the call ends after the grace period, with its duration.
    await again.close();
    const end = await a.next<Of<'video-end-call'>>(
      isEvent('video-end-call', { callId }),
      GRACE_MS + 6000,
    );
    expect(end.reason).toBe('lost');
    expect((await lineIn(a, dm.id)).message.content).toMatch(/^Appel vidéo · /);
    // Nothing left: a new tab learns there is no call.
    const later = await open(bob);
    later.send({ type: 'video-call-resume', tabId: 'tab-bob-3' });
    expect((await later.next<Of<'video-call-state'>>(isEvent('video-call-state'))).call).toBeNull();
  });

  it('a participant who appears offline stays in the call while their tab says it is there', async () => {
    const { alice, bob, dm, a, b1 } = await pair();
    const { callId } = ring(a, dm, bob);
    await b1.next(isEvent('video-offer', { callId }));
    b1.send({
      type: 'video-answer',
      channelId: dm.id,
      toUserId: alice.user.id,
      callId,
      tabId: 'tab-bob-1',
      answer: ANSWER,
    });
    await a.next(isEvent('video-answer', { callId }));
    // Bob chooses to appear offline: his presence says offline, his tab goes on beating.
    b1.send({ type: 'presence', status: 'offline' });
    const until = Date.now() + GRACE_MS * 2;
    while (Date.now() < until) {
      b1.send({ type: 'video-call-resume', tabId: 'tab-bob-1' });
      await b1.next(isEvent('video-call-state'));
      await new Promise((r) => setTimeout(r, GRACE_MS / 5));
    }
    expect(a.events.some((e) => e.type === 'video-end-call')).toBe(false);
    // Silent for longer than the grace: the call is lost.
    const end = await a.next<Of<'video-end-call'>>(
      isEvent('video-end-call', { callId }),
      GRACE_MS + 6000,
    );
    expect(end.reason).toBe('lost');
  });

  it('a tab opened while it rings can still answer: the resume gives it the offer', async () => {
    const { alice, bob, dm, a, b1 } = await pair();
    const { callId } = ring(a, dm, bob);
    await b1.next(isEvent('video-offer', { callId }));
    const late = await open(bob);
    late.send({ type: 'video-call-resume', tabId: 'tab-bob-late' });
    const state = await late.next<Of<'video-call-state'>>(isEvent('video-call-state'));
    expect(state.call).toMatchObject({ callId, state: 'ringing', offer: OFFER, calleeTabId: null });
    late.send({
      type: 'video-answer',
      channelId: dm.id,
      toUserId: alice.user.id,
      callId,
      tabId: 'tab-bob-late',
      answer: ANSWER,
    });
    await a.next(isEvent('video-answer', { callId }));
    await b1.next(isEvent('video-call-accepted', { callId, tabId: 'tab-bob-late' } as never));
  });
});

describe('ICE servers', () => {
  it('serves signed-in users only, and no third-party server by default', async () => {
    const alice = await buildUser(server);
    const res = await alice.client.get<IceServersResponse>('/api/calls/ice-servers');
    expect(res.status).toBe(200);
    // Nothing configured: no STUN server anywhere (Google's public one was the default; every
    // caller's address went to it). Peers use their host candidates.
    expect(res.body).toEqual({ iceServers: [], ttlSeconds: null, iceTransportPolicy: 'all' });
    const anonymous = await fetch(`${server.url}/api/calls/ice-servers`);
    expect(anonymous.status).toBe(401);
  });

  it('adds short-lived TURN credentials in the coturn REST scheme', async () => {
    const secret = 'turn-secret-for-the-tests-0123456789';
    const turnServer = await startTestServer({
      env: {
        ICE_SERVERS: '[]',
        TURN_SECRET: secret,
        TURN_URLS: 'turn:turn.ruche.test:3478?transport=udp, turns:turn.ruche.test:5349',
        TURN_TTL_SECONDS: '600',
        ICE_TRANSPORT_POLICY: 'relay',
      },
    });
    try {
      const alice = await buildUser(turnServer);
      const before = Math.floor(Date.now() / 1000);
      const res = await alice.client.get<IceServersResponse>('/api/calls/ice-servers');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.ttlSeconds).toBe(600);
      // ICE_TRANSPORT_POLICY=relay: the pages build their connections through TURN only.
      expect(res.body.iceTransportPolicy).toBe('relay');
      expect(res.body.iceServers).toHaveLength(1);
      const [turn] = res.body.iceServers;
      expect(turn?.urls).toEqual([
        'turn:turn.ruche.test:3478?transport=udp',
        'turns:turn.ruche.test:5349',
      ]);
      const [expiry, userId] = (turn?.username ?? '').split(':');
      expect(userId).toBe(alice.user.id);
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
      expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
      const expected = createHmac('sha1', secret)
        .update(turn?.username ?? '')
        .digest('base64');
      expect(turn?.credential).toBe(expected);
    } finally {
      await turnServer.close();
    }
  });
});

describe('ICE configuration', () => {
  const env = {
    TURN_URLS: '',
    TURN_TTL_SECONDS: 3600,
    CALL_RING_TIMEOUT_MS: 1,
    CALL_RECONNECT_GRACE_MS: 1,
  };

  it('has no ICE server unless one is configured, and no Google address anywhere', () => {
    const config = callsConfig(env);
    expect(config.iceServers).toEqual([]);
    expect(DEFAULT_ICE_SERVERS).toEqual([]);
    expect(config.iceTransportPolicy).toBe('all');
    const own = callsConfig({
      ...env,
      TURN_SECRET: 'turn-secret-for-the-tests-0123456789',
      TURN_URLS: 'turn:turn.ruche.test:3478',
    });
    const served = iceServersFor(own, 'u1');
    // Only the deployment's own TURN server.
    expect(served.iceServers.map((s) => s.urls)).toEqual([['turn:turn.ruche.test:3478']]);
  });

  it('refuses ICE_TRANSPORT_POLICY=relay without a TURN server', () => {
    expect(() => callsConfig({ ...env, ICE_TRANSPORT_POLICY: 'relay' })).toThrow(
      /ICE_TRANSPORT_POLICY: relay demande un serveur TURN/,
    );
    expect(
      callsConfig({
        ...env,
        ICE_TRANSPORT_POLICY: 'relay',
        ICE_SERVERS: '[{"urls":"turn:turn.ruche.test:3478","username":"u","credential":"c"}]',
      }).iceTransportPolicy,
    ).toBe('relay');
  });
});
