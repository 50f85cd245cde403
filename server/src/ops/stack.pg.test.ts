/**
 * The whole stack as compose.yaml runs it (issue 44, item 2; docs/operations.md): two node
 * processes from the real entry (server/src/main.ts), each with its own DATA_DIR as two
 * containers have, sharing only what compose.yaml gives both — PostgreSQL, Redis, an S3
 * store (s3rver on loopback), Janus, and the secrets of one `.env` made by
 * `npm run admin -- gen-env`. What one person does through node A must hold through node B:
 * the session, a file's bytes, the push key, the ICS feed, a calendar connection, a message
 * on a socket, a voice channel with one member on each node in one Janus room. Then a rolling
 * restart under traffic. One start of the stack for the file.
 *
 * A browser checks the files tab on B. Not here yet (docs/operations.md, "What was run"):
 * browsers elsewhere (media through Janus is the e2e voice specs' part), and sockets kept
 * through the restart (drain.pg.test.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CalendarConnection,
  CalendarEvent,
  CalendarFeed,
  ConnectionCreated,
} from '#shared/calendar';
import type { Channel } from '#shared/channels';
import type { ChannelFile } from '#shared/files';
import type { Message, MessagePage } from '#shared/messages';
import type { User } from '#shared/users';
import { addMember, buildChannel } from '../../test/chat-factories';
import { TestClient } from '../../test/client';
import { type Actor, buildUser } from '../../test/factories';
import { FAKE_CALENDAR_ID, FakeCalendarProviders } from '../../test/fake-calendar-providers';
import { janusParticipants, startTestJanus, until } from '../../test/janus';
import { type NodeProcess, startNodeProcess } from '../../test/node-process';
import { startS3, type TestS3 } from '../../test/s3-store';
import type { TestServer } from '../../test/server';
import { createTestStore, type TestStoreHandle } from '../../test/stores';
import { TcpProxy } from '../../test/tcp-proxy';
import { isEvent, TestSocket } from '../../test/test-socket';
import { generateEnv } from './gen-env';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '../../..');
/**
 * Production nodes run the built bundle (npm test builds before it runs vitest); a run of
 * this file alone, before any build, runs the sources under tsx instead.
 */
const entry = existsSync(path.join(root, 'dist/server/main.js')) ? 'bundle' : 'source';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let store: TestStoreHandle;
let s3: TestS3;
let providers: FakeCalendarProviders;
let janus: Awaited<ReturnType<typeof startTestJanus>>;
let shared: Record<string, string>;
/** Both nodes' environment but DATA_DIR. */
let nodeEnv: Record<string, string>;
const dataDirs: string[] = [];
let a: NodeProcess;
let b: NodeProcess;

/** The shared secrets of a .env from gen-env (the variables the nodes read). */
function sharedSecrets(): Record<string, string> {
  const env = Object.fromEntries(
    generateEnv('https://ruche.exemple.fr')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const keep = [
    'SESSION_SECRET',
    'CALENDAR_TOKEN_KEY',
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    'TURN_SECRET',
  ];
  return Object.fromEntries(keep.map((k) => [k, env[k] as string]));
}

beforeAll(async () => {
  [store, s3, providers, janus] = await Promise.all([
    createTestStore('postgres'),
    startS3(),
    new FakeCalendarProviders().start(),
    // Debian's Janus, as the tests install it (npm test): the SFU both nodes drive.
    startTestJanus(),
  ]);
  shared = sharedSecrets();
  nodeEnv = {
    ...shared,
    DATABASE_URL: store.databaseUrl as string,
    REDIS_URL,
    REDIS_PREFIX: `ruche-test-stack-${randomUUID().slice(0, 8)}`,
    ...s3.env,
    ...providers.env(),
    CALENDAR_SYNC_INTERVAL_MS: '0',
    TURN_URLS: 'turn:turn.ruche.test:3478',
    JANUS_URL: janus.url,
  };
  const env = nodeEnv;
  // One DATA_DIR each, as two containers: nothing but the above is shared.
  const dirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(tmpdir(), 'ruche-stack-'))));
  dataDirs.push(...dirs);
  const [first, second] = await Promise.all(
    dirs.map((dir) => startNodeProcess({ ...env, DATA_DIR: dir }, { entry })),
  );
  [a, b] = [first as NodeProcess, second as NodeProcess];
}, 240_000);

afterAll(async () => {
  a?.kill();
  b?.kill();
  await Promise.all([a?.exited, b?.exited]);
  await Promise.all([s3?.stop(), providers?.close(), janus?.stop()]);
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  await store?.drop();
});

const serverOf = (node: NodeProcess) => ({ url: node.url }) as TestServer;

/** The same person's browser, pointed at the other node (the load balancer's choice). */
function through(node: NodeProcess, who: Actor): TestClient {
  const client = new TestClient(node.url);
  for (const [k, v] of who.client.cookies) client.cookies.set(k, v);
  return client;
}

async function generalChannel(client: TestClient): Promise<Channel> {
  const channels = await client.get<Channel[]>('/api/channels');
  const channel = channels.body.find((c) => c.name === 'général');
  if (!channel) throw new Error(`no général channel: ${JSON.stringify(channels.body)}`);
  return channel;
}

describe('two nodes, one stack', () => {
  it('a session opened through A is valid through B', async () => {
    const alice = await buildUser(serverOf(a));
    const onB = await through(b, alice).get<User>('/api/auth/user');
    expect(onB.status).toBe(200);
    expect(onB.body.id).toBe(alice.user.id);
  });

  it('the push public key is the same on both nodes, the one of the .env', async () => {
    const alice = await buildUser(serverOf(a));
    const keys = await Promise.all(
      [alice.client, through(b, alice)].map(async (client) => {
        const res = await client.get<{ publicKey: string }>('/api/notifications/push/public-key');
        expect(res.status).toBe(200);
        return res.body.publicKey;
      }),
    );
    expect(keys).toEqual([shared.VAPID_PUBLIC_KEY, shared.VAPID_PUBLIC_KEY]);
  });

  it('a file uploaded through A is listed by B and downloads from B with the same bytes', async () => {
    const alice = await buildUser(serverOf(a));
    const channel = await generalChannel(alice.client);
    // Any bytes of an accepted type (images, PDF, DOC, DOCX, TXT: docs/files.md).
    const bytes = Buffer.from(`${randomBytes(100_000).toString('hex')}\n`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), 'plan.txt');
    const uploaded = await alice.client.post<ChannelFile>(
      `/api/channels/${channel.id}/files/upload`,
      form,
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const onB = through(b, alice);
    const listed = await onB.get<ChannelFile[]>(`/api/channels/${channel.id}/files`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((f) => f.id)).toContain(uploaded.body.id);
    const download = await fetch(`${b.url}/api/files/${uploaded.body.id}/download`, {
      headers: { cookie: onB.cookieHeader },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    // In the bucket, not on either node's disk.
    expect((await s3.keys(`${channel.id}/`)).length).toBeGreaterThan(0);

    // And in a browser on B, the channel's files tab lists it (Debian's Chromium, as e2e/).
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies(
        [...onB.cookies].map(([name, value]) => ({ name, value, url: b.url })),
      );
      const page = await context.newPage();
      await page.goto(`${b.url}/channel/${channel.id}`);
      await page.getByRole('tab', { name: 'Fichiers' }).click({ timeout: 60_000 });
      await page
        .getByRole('table', { name: 'Fichiers du canal' })
        .getByRole('row')
        .filter({ hasText: 'plan.txt' })
        .waitFor({ timeout: 30_000 });
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('the ICS feed made through A is served by B', async () => {
    const alice = await buildUser(serverOf(a));
    const title = `Réunion ${randomUUID().slice(0, 6)}`;
    const created = await alice.client.post<CalendarEvent>('/api/calendar/events', {
      title,
      startTime: '2031-03-04T09:00:00.000Z',
      endTime: '2031-03-04T10:00:00.000Z',
    });
    expect(created.status).toBe(201);
    const feed = await alice.client.post<CalendarFeed>('/api/calendar/feed');
    expect(feed.status).toBe(200);
    const { pathname } = new URL(feed.body.url as string);
    const ics = await fetch(`${b.url}${pathname}`);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain(`SUMMARY:${title}`);
  });

  it('a calendar connection made through A syncs through B (one CALENDAR_TOKEN_KEY)', async () => {
    const alice = await buildUser(serverOf(a));
    providers.addEvent('google', {
      title: 'Point hebdomadaire',
      start: '2031-05-06T08:00:00.000Z',
      end: '2031-05-06T09:00:00.000Z',
    });
    const created = await alice.client.post<ConnectionCreated>('/api/calendar/connections', {
      provider: 'google',
      calendarName: '',
      syncDirection: 'import',
      isActive: true,
    });
    expect(created.status).toBe(201);
    const consent = await fetch(created.body.authorizeUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') as string);
    const done = await alice.client.get(`${back.pathname}${back.search}`);
    expect(done.status).toBe(302);
    const id = created.body.connection.id;
    const picked = await alice.client.patch<CalendarConnection>(`/api/calendar/connections/${id}`, {
      calendarId: FAKE_CALENDAR_ID,
      calendarName: 'Agenda',
    });
    expect(picked.body.status).toBe('connected');

    // B decrypts the tokens A stored, and calls the provider with them.
    const onB = through(b, alice);
    const synced = await onB.post(`/api/calendar/sync/${id}`);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const events = await onB.get<CalendarEvent[]>('/api/calendar/events');
    expect(events.body.map((e) => e.title)).toContain('Point hebdomadaire');
  });

  it('a message sent through A reaches a socket on B', async () => {
    const alice = await buildUser(serverOf(a));
    const bob = await buildUser(serverOf(a));
    const channel = await generalChannel(alice.client);
    const socket = await TestSocket.open(serverOf(b), through(b, bob));
    try {
      const content = `Bonjour ${randomUUID().slice(0, 6)}`;
      const sent = await alice.client.post(`/api/channels/${channel.id}/messages`, {
        content,
        clientId: randomUUID(),
      });
      expect(sent.status).toBe(201);
      const event = await socket.next(isEvent('new_message', { channelId: channel.id }));
      expect(JSON.stringify(event)).toContain(content);
    } finally {
      socket.ws.terminate();
    }
  });

  it('a voice channel with one member on each node: both in one Janus room', async () => {
    const alice = await buildUser(serverOf(a));
    const bob = await buildUser(serverOf(a));
    const channel = await buildChannel(alice, { type: 'voice' });
    await addMember(channel, alice, bob);
    const space = `voice:${channel.id}`;
    const sockets: TestSocket[] = [];
    try {
      for (const [who, node] of [
        [alice, a],
        [bob, b],
      ] as const) {
        const client = through(node, who);
        const socket = await TestSocket.open(serverOf(node), client);
        sockets.push(socket);
        expect((await client.post(`/api/voice-channels/${channel.id}/join`)).status).toBe(200);
        // A node answers sfu_unavailable until its link to Janus is up (it connects after
        // the node starts listening, later on a busy machine): join again until it is.
        await until(async () => {
          socket.send({ type: 'sfu_join', space });
          const answer = await socket.next(
            (e) => e.type === 'sfu_joined' || e.type === 'sfu_unavailable',
            20_000,
          );
          return answer.type === 'sfu_joined';
        }, 60_000);
      }
      // Node B found the room node A made.
      expect(await janusParticipants(janus.url, space)).toEqual(
        [alice.user.id, bob.user.id].sort(),
      );
      // Leaving through B takes Alice's socket on A out of Janus.
      await through(b, alice).post(`/api/voice-channels/${channel.id}/leave`);
      await until(async () => (await janusParticipants(janus.url, space)).length === 1);
      expect(await janusParticipants(janus.url, space)).toEqual([bob.user.id]);
    } finally {
      for (const socket of sockets) socket.ws.terminate();
    }
  }, 90_000);

  it('a rolling restart under steady traffic: A then B; no 5xx but 503 with Retry-After, nothing acknowledged lost', async ({
    annotate,
  }) => {
    // The load balancer: each connection to the next node, or to the other one when a node
    // refuses it (Caddy's lb_try_duration, nginx's proxy_next_upstream).
    const lb = await TcpProxy.start([
      { host: '127.0.0.1', port: a.port },
      { host: '127.0.0.1', port: b.port },
    ]);
    const lbUrl = `http://127.0.0.1:${lb.port}`;
    const senders = await Promise.all([0, 1, 2].map(() => buildUser(serverOf(a))));
    const channel = await generalChannel(senders[0]!.client);
    const acknowledged = new Set<string>();
    const statuses = new Map<number, number>();
    const wrong: string[] = [];
    let resets = 0;
    let running = true;

    /** One person sending every 50 ms, as the web app does: the same clientId until stored. */
    const send = async (who: Actor) => {
      const client = new TestClient(lbUrl);
      for (const [k, v] of who.client.cookies) client.cookies.set(k, v);
      let n = 0;
      while (running) {
        const clientId = randomUUID();
        for (let attempt = 0; attempt < 20; attempt++) {
          let res: Awaited<ReturnType<TestClient['post']>>;
          try {
            res = await client.post<Message>(`/api/channels/${channel.id}/messages`, {
              content: `message ${++n}`,
              clientId,
            });
          } catch {
            // A kept-alive connection closed under the request: the browser sends it again.
            resets++;
            await sleep(50);
            continue;
          }
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201 || res.status === 200) {
            acknowledged.add((res.body as Message).id);
            break;
          }
          if (res.status === 503 && res.headers.get('retry-after')) {
            await sleep(Number(res.headers.get('retry-after')) * 1000);
            continue;
          }
          wrong.push(`${res.status} ${JSON.stringify(res.body)}`);
          break;
        }
        await sleep(50);
      }
    };
    const traffic = senders.map(send);

    const readyAfterMs: Record<string, number> = {};
    const drainedAfterMs: Record<string, number> = {};
    try {
      await sleep(1000);
      for (const name of ['A', 'B'] as const) {
        const node = name === 'A' ? a : b;
        const stopping = Date.now();
        node.child.kill('SIGTERM');
        expect((await node.exited).code, `${name} drains and exits 0`).toBe(0);
        drainedAfterMs[name] = Date.now() - stopping;
        const started = Date.now();
        const again = await startNodeProcess(
          { ...nodeEnv, DATA_DIR: dataDirs[name === 'A' ? 0 : 1] as string },
          { entry, port: node.port },
        );
        readyAfterMs[name] = Date.now() - started;
        if (name === 'A') a = again;
        else b = again;
        await sleep(1000);
      }
    } finally {
      running = false;
      await Promise.all(traffic);
      await lb.close();
    }
    // Seen in the test's output: the issue asks under 15 s; not asserted (the machine's load).
    await annotate(
      `rolling restart (${entry}): drained in ${JSON.stringify(drainedAfterMs)} ms, ready again after ${JSON.stringify(readyAfterMs)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${resets} connections reset`,
    );
    expect(wrong).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(0);

    // Every acknowledged message is stored, read back through the restarted B.
    const stored = new Set<string>();
    let after = 0;
    for (;;) {
      const page = await senders[0]!.client.get<MessagePage>(
        `/api/channels/${channel.id}/messages?after=${after}`,
      );
      expect(page.status).toBe(200);
      for (const m of page.body.messages) stored.add(m.id);
      if (!page.body.newerCursor) break;
      after = Number(page.body.newerCursor);
    }
    expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
  }, 300_000);
});
