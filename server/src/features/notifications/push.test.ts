/**
 * Web Push end to end against a push service run here on 127.0.0.1 (HTTPS, self-signed):
 * it checks each request's VAPID JWT (RFC 8292: ES256 against the announced public key, the
 * audience, the expiry) and decrypts its aes128gcm payload (RFC 8291) with node:crypto, as
 * a browser would, with the subscription keys the test made.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  PUSH_ENDPOINT_TAKEN,
  PUSH_SUBSCRIBE_PER_MINUTE,
  PUSH_SUBSCRIPTIONS_MAX,
} from '#shared/notifications';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import {
  type PushDevice,
  type PushReceived,
  type PushService,
  startPushService,
} from '../../../test/push-service';
import { startTestServer, type TestServer } from '../../../test/server';
import { TestSocket } from '../../../test/test-socket';
import { notifyPlainRuns } from './create';
import { pushSubscriptions } from './schema';

const b64url = (buf: Buffer) => buf.toString('base64url');
const unb64url = (text: string) => Buffer.from(text, 'base64url');

type Received = PushReceived;

let push: PushService;
let pushOrigin: string;
let received: Received[];
let server: TestServer;

beforeAll(async () => {
  push = await startPushService();
  pushOrigin = push.origin;
  received = push.received;
  // The push service runs on this machine: allowed by name and port, its loopback address
  // allowed as a LAN push service's would be (docs/notifications.md, "Where pushes may go").
  server = await startTestServer({
    env: {
      VAPID_SUBJECT: 'mailto:admin@ruche.test',
      PUSH_ALLOWED_HOSTS: new URL(pushOrigin).host,
      PUSH_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});

/** A browser's push subscription: its ECDH key pair and auth secret (RFC 8291 §3). */
const device = (endpointPath: string): PushDevice => push.device(endpointPath);

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the ES256 signature must verify with k. */
function checkVapid(request: Received, expectedKey: string): Record<string, unknown> {
  const header = String(request.headers.authorization);
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, jwt = '', k = ''] = match ?? [];
  expect(k).toBe(expectedKey);
  const [head = '', body = '', signature = ''] = jwt.split('.');
  expect(JSON.parse(unb64url(head).toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
  const point = unb64url(k);
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33)),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    unb64url(signature),
  );
  expect(valid).toBe(true);
  const claims = JSON.parse(unb64url(body).toString()) as Record<string, unknown>;
  expect(claims.aud).toBe(pushOrigin);
  expect(claims.sub).toBe('mailto:admin@ruche.test');
  const exp = Number(claims.exp);
  expect(exp * 1000).toBeGreaterThan(Date.now());
  expect(exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
  return claims;
}

/** RFC 8291 + RFC 8188: decrypt one aes128gcm record with the subscription's keys. */
function decrypt(request: Received, sub: PushDevice): unknown {
  expect(request.headers['content-encoding']).toBe('aes128gcm');
  const body = request.body;
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16),
  );
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

const pushedTo = (sub: PushDevice) =>
  received.filter((r) => `${pushOrigin}${r.path}` === sub.endpoint);

const subscribe = (who: Actor, body: unknown) =>
  who.client.post('/api/notifications/push-subscriptions', body);
const subscriptionsOf = (userId: string) =>
  server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

it('delivers a notification to each device, signed with VAPID, the text only where previews are allowed', async () => {
  const [alice, bob] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
  ]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  const key = await bob.client.get<{ publicKey: string }>('/api/notifications/push/public-key');
  expect(key.status).toBe(200);
  const phone = device(`/bob/phone-${crypto.randomUUID()}`);
  const laptop = device(`/bob/laptop-${crypto.randomUUID()}`);
  expect((await subscribe(bob, phone.json(false))).status).toBe(204);
  expect((await subscribe(bob, laptop.json(true))).status).toBe(204);
  // Subscribing again (a refresh) keeps one row per device.
  expect((await subscribe(bob, laptop.json(true))).status).toBe(204);
  expect(await subscriptionsOf(bob.user.id)).toHaveLength(2);

  const sent = await sendMessage(alice, channel.id, {
    content: 'Le plan secret @Bob',
    mentions: [bob.user.id],
  });
  const forDevice = async (sub: PushDevice) =>
    vi.waitFor(
      () => {
        const got = received.find((r) => `${pushOrigin}${r.path}` === sub.endpoint);
        if (!got) throw new Error('not yet');
        return got;
      },
      { timeout: 10_000, interval: 50 },
    );
  const expected = {
    title: `Alice vous a mentionné dans #${channel.name}`,
    channelId: channel.id,
    url: `/channel/${channel.id}?message=${sent.id}`,
  };
  const onPhone = await forDevice(phone);
  checkVapid(onPhone, key.body.publicKey);
  expect(decrypt(onPhone, phone)).toMatchObject({ ...expected, body: null });
  const onLaptop = await forDevice(laptop);
  checkVapid(onLaptop, key.body.publicKey);
  expect(decrypt(onLaptop, laptop)).toMatchObject({ ...expected, body: 'Le plan secret @Bob' });
  // Not a byte of the text travels in clear.
  expect(onLaptop.body.includes(Buffer.from('secret'))).toBe(false);
});

it('deletes a subscription the push service answers 410 for', async () => {
  const [alice, carol] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Carol' }),
  ]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, carol);
  const gone = device(`/gone/${crypto.randomUUID()}`);
  expect((await subscribe(carol, gone.json(false))).status).toBe(204);
  expect(await subscriptionsOf(carol.user.id)).toHaveLength(1);
  await sendMessage(alice, channel.id, { content: '@Carol ?', mentions: [carol.user.id] });
  await vi.waitFor(
    async () => {
      expect(await subscriptionsOf(carol.user.id)).toHaveLength(0);
    },
    { timeout: 10_000, interval: 100 },
  );
  expect(received.some((r) => `${pushOrigin}${r.path}` === gone.endpoint)).toBe(true);
});

/** Alice's channel with Bob and Carol in it. */
async function threeInAChannel() {
  const [alice, bob, carol] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
    buildUser(server, { displayName: 'Carol' }),
  ]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  await addMember(channel, alice, carol);
  return { alice, bob, carol, channel };
}

it('says each message of a channel, those that fold into its unread item too', async () => {
  const { alice, bob, channel } = await threeInAChannel();
  const phone = device(`/bob/phone-${crypto.randomUUID()}`);
  expect((await subscribe(bob, phone.json(true))).status).toBe(204);
  for (const text of ['Premier', 'Deuxième', 'Troisième'])
    await sendMessage(alice, channel.id, text);
  const bodies = () =>
    pushedTo(phone).map((r) => (decrypt(r, phone) as { title: string; body: string }).body);
  await vi.waitFor(() => expect(bodies()).toHaveLength(3), { timeout: 10_000, interval: 50 });
  expect(bodies()).toEqual(['Premier', 'Deuxième', 'Troisième']);
  expect(decrypt(pushedTo(phone)[2] as Received, phone)).toMatchObject({
    title: `Nouveaux messages dans #${channel.name}`,
    url: `/channel/${channel.id}`,
  });
});

it("sends a person's pushes one after the other, in order, though the push service is slow", async () => {
  const { alice, bob, channel } = await threeInAChannel();
  // A push overtaken by the next would leave the older message shown as the channel's latest.
  const phone = device(`/slow/bob/phone-${crypto.randomUUID()}`);
  expect((await subscribe(bob, phone.json(true))).status).toBe(204);
  for (const text of ['Un', 'Deux', 'Trois', 'Quatre']) await sendMessage(alice, channel.id, text);
  const bodies = () =>
    pushedTo(phone).map((r) => (decrypt(r, phone) as { title: string; body: string }).body);
  await vi.waitFor(() => expect(bodies()).toHaveLength(4), { timeout: 10_000, interval: 50 });
  expect(bodies()).toEqual(['Un', 'Deux', 'Trois', 'Quatre']);
  expect(push.mostAtOnce.get(new URL(phone.endpoint).pathname)).toBe(1);
});

it('a run of messages notified together pushes its latest to a member already holding the item', async () => {
  const { alice, bob, channel } = await threeInAChannel();
  const phone = device(`/bob/phone-${crypto.randomUUID()}`);
  expect((await subscribe(bob, phone.json(true))).status).toBe(204);
  await sendMessage(alice, channel.id, 'Premier');
  await vi.waitFor(() => expect(pushedTo(phone)).toHaveLength(1), { timeout: 10_000 });
  const second = await sendMessage(alice, channel.id, 'Deuxième');
  const third = await sendMessage(alice, channel.id, 'Troisième');
  // The run of the two, as a busy node notifies them (subscriptions.ts, notifyNew): Bob holds
  // the channel's item, so his push of it says the latest, with no count (nothing new).
  const deliveries = await notifyPlainRuns(server.database.db, [
    {
      first: second,
      latest: third,
      channel: { name: channel.name, type: channel.type },
      readers: [],
    },
  ]);
  const forBob = deliveries.filter((d) => d.userId === bob.user.id);
  expect(forBob).toHaveLength(1);
  expect(forBob[0]?.unreadCount).toBeUndefined();
  expect(forBob[0]?.notification).toMatchObject({
    type: 'channel_message',
    content: 'Troisième',
    triggeredBy: { id: alice.user.id },
  });
});

it('validates subscriptions and keeps them to their owner', async () => {
  const [bob, eve] = await Promise.all([buildUser(server), buildUser(server)]);
  expect((await subscribe(bob, { endpoint: 'pas une adresse', keys: {} })).status).toBe(400);
  const anonymous = await server.app.inject({
    method: 'POST',
    url: '/api/notifications/push-subscriptions',
    payload: device('/x').json(false),
  });
  expect(anonymous.statusCode).toBe(401);
  const mine = device(`/bob/${crypto.randomUUID()}`);
  await subscribe(bob, mine.json(false));
  // Someone else cannot unsubscribe Bob's device.
  const res = await eve.client.request('DELETE', '/api/notifications/push-subscriptions', {
    endpoint: mine.endpoint,
  });
  expect(res.status).toBe(204);
  expect(await subscriptionsOf(bob.user.id)).toHaveLength(1);
  await bob.client.request('DELETE', '/api/notifications/push-subscriptions', {
    endpoint: mine.endpoint,
  });
  expect(await subscriptionsOf(bob.user.id)).toHaveLength(0);
});

it('keeps at most PUSH_SUBSCRIPTIONS_MAX subscriptions an account: one more pushes out the oldest', async () => {
  const bob = await buildUser(server);
  const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 1 }, (_, i) =>
    device(`/bob/device-${i}-${crypto.randomUUID()}`),
  );
  for (const d of devices) expect((await subscribe(bob, d.json(false))).status).toBe(204);
  const kept = (await subscriptionsOf(bob.user.id)).map((s) => s.endpoint).sort();
  expect(kept).toEqual(
    devices
      .slice(1)
      .map((d) => d.endpoint)
      .sort(),
  );
});

it('refuses (409) an endpoint another account holds; its owner keeps the pushes', async () => {
  const { alice, bob, carol, channel } = await threeInAChannel();
  const phone = device(`/bob/phone-${crypto.randomUUID()}`);
  expect((await subscribe(bob, phone.json(true))).status).toBe(204);
  // Carol learned the address (a shared computer, a leaked log) and posts it with her keys.
  const hers = device('/carol').json(true).keys;
  const taken = await subscribe(carol, { ...phone.json(true), keys: hers });
  expect(taken.status).toBe(409);
  expect((taken.body as { message: string }).message).toBe(PUSH_ENDPOINT_TAKEN);
  expect(await subscriptionsOf(carol.user.id)).toHaveLength(0);
  const sent = await sendMessage(alice, channel.id, {
    content: 'Pour Bob @Bob',
    mentions: [bob.user.id],
  });
  await vi.waitFor(
    () => {
      const got = pushedTo(phone).find((r) => r.body.length > 0);
      if (!got) throw new Error('not yet');
      // Still encrypted for Bob's device keys, not Carol's.
      expect(decrypt(got, phone)).toMatchObject({
        url: `/channel/${channel.id}?message=${sent.id}`,
      });
    },
    { timeout: 10_000, interval: 50 },
  );
});

it('removes a device’s subscription when the session that made it ends (sign-out, revocation)', async () => {
  const bob = await buildUser(server);
  const laptop = device(`/bob/laptop-${crypto.randomUUID()}`);
  expect((await subscribe(bob, laptop.json(false))).status).toBe(204);
  // A second session of Bob's, on a shared computer, subscribes that computer.
  const shared = new TestClient(server.url);
  const signIn = await shared.post('/api/auth/login', {
    email: bob.user.email,
    password: bob.password,
  });
  expect(signIn.status).toBe(200);
  const kiosk = device(`/bob/kiosk-${crypto.randomUUID()}`);
  expect(
    (await shared.post('/api/notifications/push-subscriptions', kiosk.json(false))).status,
  ).toBe(204);
  expect(await subscriptionsOf(bob.user.id)).toHaveLength(2);

  expect((await shared.post('/api/logout')).status).toBe(204);
  const left = async () => (await subscriptionsOf(bob.user.id)).map((s) => s.endpoint);
  expect(await left()).toEqual([laptop.endpoint]);

  // Ending the laptop's session from elsewhere ("Sessions actives") takes its device too.
  const other = new TestClient(server.url);
  await other.post('/api/auth/login', { email: bob.user.email, password: bob.password });
  expect((await other.post('/api/auth/sessions/end-others')).status).toBe(200);
  expect(await left()).toEqual([]);
});

it('limits subscribing to PUSH_SUBSCRIBE_PER_MINUTE an account (429)', async () => {
  const [bob, carol] = await Promise.all([buildUser(server), buildUser(server)]);
  const statuses: number[] = [];
  for (let i = 0; i <= PUSH_SUBSCRIBE_PER_MINUTE; i++) {
    statuses.push(
      (await subscribe(bob, device(`/bob/${i}-${crypto.randomUUID()}`).json(false))).status,
    );
  }
  expect(statuses.filter((status) => status === 204)).toHaveLength(PUSH_SUBSCRIBE_PER_MINUTE);
  expect(statuses.at(-1)).toBe(429);
  // Per account: someone else on the same address still subscribes.
  expect((await subscribe(carol, device(`/carol/${crypto.randomUUID()}`).json(false))).status).toBe(
    204,
  );
});

it('pushes nothing while the user has a tab in view anywhere; pushes once every tab is hidden or closed', async () => {
  const { alice, bob, carol, channel } = await threeInAChannel();
  const bobPhone = device(`/bob/phone-${crypto.randomUUID()}`);
  const carolPhone = device(`/carol/phone-${crypto.randomUUID()}`);
  expect((await subscribe(bob, bobPhone.json(true))).status).toBe(204);
  expect((await subscribe(carol, carolPhone.json(true))).status).toBe(204);
  const mentionBoth = (text: string) =>
    sendMessage(alice, channel.id, {
      content: `${text} @Bob @Carol`,
      mentions: [bob.user.id, carol.user.id],
    });
  const pushedFor = (sub: PushDevice, messageId: string) =>
    pushedTo(sub).some((r) => (decrypt(r, sub) as { url: string }).url.endsWith(messageId));
  const waitPushed = (sub: PushDevice, messageId: string, timeout = 10_000) =>
    vi.waitFor(
      () => {
        if (!pushedFor(sub, messageId)) throw new Error('not yet');
      },
      { timeout, interval: 50 },
    );

  // Bob looks at a tab (a hidden one besides): no push to any of his devices.
  const inView = await TestSocket.open(server, bob.client);
  const hidden = await TestSocket.open(server, bob.client);
  inView.send({ type: 'tab_visibility', visible: true });
  hidden.send({ type: 'tab_visibility', visible: false });
  await inView.sync();
  await hidden.sync();
  const seen = await mentionBoth('tu vois ça');
  // Carol, who has no tab open, is pushed (in the same batch as Bob would have been).
  await waitPushed(carolPhone, seen.id);

  // His tab goes to the background: every tab hidden, so he is pushed.
  inView.send({ type: 'tab_visibility', visible: false });
  await inView.sync();
  const away = await mentionBoth('tu es parti');
  await waitPushed(bobPhone, away.id);
  // Sent after the first message's pushes were: had Bob had one, it would be here by now.
  expect(pushedFor(bobPhone, seen.id)).toBe(false);

  // In view again, then the tab is closed without a word: pushed again within seconds.
  inView.send({ type: 'tab_visibility', visible: true });
  await inView.sync();
  const back = await mentionBoth('re');
  await waitPushed(carolPhone, back.id);
  inView.ws.terminate();
  hidden.ws.terminate();
  const deadline = Date.now() + 30_000;
  let closed: { id: string } | undefined;
  while (!closed && Date.now() < deadline) {
    const sent = await mentionBoth('fermé');
    await waitPushed(carolPhone, sent.id);
    if (
      await waitPushed(bobPhone, sent.id, 3_000).then(
        () => true,
        () => false,
      )
    )
      closed = sent;
  }
  expect(closed).toBeDefined();
  expect(pushedFor(bobPhone, back.id)).toBe(false);
});
