import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionCreated } from '#shared/calendar';
import { type Actor, buildUser } from '../../../test/factories';
import { FakeCalendarProviders } from '../../../test/fake-calendar-providers';
import { freePort, startTestServer, type TestServer } from '../../../test/server';
import { calendarConnections } from './schema';

// docs/calendar.md, "Connections": a consent round trip lives an hour, and the addresses
// handed to the provider and to calendar apps come from PUBLIC_URL, never from the Host header.
let providers: FakeCalendarProviders;
beforeAll(async () => {
  providers = await new FakeCalendarProviders().start();
});
afterAll(() => providers?.close());

const ENV = () => ({ ...providers.env(), CALENDAR_SYNC_INTERVAL_MS: '0' });
const CONNECTION = {
  provider: 'google',
  calendarName: '',
  syncDirection: 'import',
  isActive: true,
};

/** A POST as a client that names the server by another name (Host), like a spoofed request. */
function postWithHost(
  server: TestServer,
  who: Actor,
  path: string,
  host: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      new URL(path, server.url),
      {
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          cookie: who.client.cookieHeader,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const redirectUriOf = (authorizeUrl: string) =>
  new URL(authorizeUrl).searchParams.get('redirect_uri');

describe('pending consent', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: ENV() });
  });
  afterAll(() => server?.close());

  it('refuses and removes a state older than an hour, and sweeps everyone’s stale ones', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const created = await alice.client.post<ConnectionCreated>(
      '/api/calendar/connections',
      CONNECTION,
    );
    expect(created.status).toBe(201);
    const forgotten = await bob.client.post<ConnectionCreated>(
      '/api/calendar/connections',
      CONNECTION,
    );
    const consent = await fetch(created.body.authorizeUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const { db } = server.database;
    for (const id of [created.body.connection.id, forgotten.body.connection.id]) {
      await db
        .update(calendarConnections)
        .set({ createdAt: sql`now() - interval '61 minutes'` })
        .where(eq(calendarConnections.id, id));
    }

    const done = await alice.client.get(back.pathname + back.search);
    expect(done.status).toBe(302);
    expect(decodeURIComponent(done.headers.get('location')!)).toBe(
      '/calendar-settings?error=Connexion introuvable',
    );
    const left = await db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(eq(calendarConnections.status, 'pending'));
    expect(left.map((r) => r.id)).not.toContain(created.body.connection.id);
    expect(left.map((r) => r.id)).not.toContain(forgotten.body.connection.id);
  });

  it('still completes a consent given within the hour', async () => {
    const alice = await buildUser(server);
    const created = await alice.client.post<ConnectionCreated>(
      '/api/calendar/connections',
      CONNECTION,
    );
    await server.database.db
      .update(calendarConnections)
      .set({ createdAt: sql`now() - interval '59 minutes'` })
      .where(eq(calendarConnections.id, created.body.connection.id));
    const consent = await fetch(created.body.authorizeUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const done = await alice.client.get(back.pathname + back.search);
    expect(done.headers.get('location')).toBe(
      `/calendar-settings?pick=${created.body.connection.id}`,
    );
  });
});

describe('addresses without PUBLIC_URL', () => {
  let server: TestServer;
  let alice: Actor;
  beforeAll(async () => {
    server = await startTestServer({ env: ENV() });
    alice = await buildUser(server);
  });
  afterAll(() => server?.close());

  it('refuses a connection or a feed asked under a name other than loopback', async () => {
    const port = new URL(server.url).port;
    for (const path of ['/api/calendar/connections', '/api/calendar/feed']) {
      const res = await postWithHost(server, alice, path, 'evil.example', CONNECTION);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'L’adresse publique du serveur (PUBLIC_URL) n’est pas configurée : demandez à l’administrateur de la définir',
      );
      // Forwarded by a proxy, even under a loopback name: not a local user.
      const proxied = await postWithHost(server, alice, path, `localhost:${port}`, CONNECTION, {
        'x-forwarded-for': '203.0.113.7',
      });
      expect(proxied.status).toBe(409);
    }
    const left = await server.database.db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, alice.user.id));
    expect(left).toEqual([]);
  });

  it('derives them from a loopback name for a local user (npm start with no configuration)', async () => {
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const res = await postWithHost(server, alice, '/api/calendar/connections', host, CONNECTION);
      expect(res.status).toBe(201);
      expect(redirectUriOf(res.body.authorizeUrl as string)).toBe(
        `http://${host}/api/calendar/oauth/callback`,
      );
    }
    const feed = await postWithHost(server, alice, '/api/calendar/feed', `localhost:${port}`, {});
    expect(feed.body.url).toMatch(new RegExp(`^http://localhost:${port}/api/calendar/feed/`));
  });
});

describe('addresses with PUBLIC_URL', () => {
  let server: TestServer;
  let publicUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    server = await startTestServer({ port, env: { ...ENV(), PUBLIC_URL: publicUrl } });
  });
  afterAll(() => server?.close());

  it('uses PUBLIC_URL whatever the Host header says', async () => {
    const alice = await buildUser(server);
    const spoofed = { origin: publicUrl };
    const res = await postWithHost(
      server,
      alice,
      '/api/calendar/connections',
      'evil.example',
      CONNECTION,
      spoofed,
    );
    expect(res.status).toBe(201);
    expect(redirectUriOf(res.body.authorizeUrl as string)).toBe(
      `${publicUrl}/api/calendar/oauth/callback`,
    );
    const feed = await postWithHost(
      server,
      alice,
      '/api/calendar/feed',
      'evil.example',
      {},
      spoofed,
    );
    expect(feed.body.url).toMatch(new RegExp(`^${publicUrl}/api/calendar/feed/`));
  });
});

describe('providers', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Google only: Outlook has no client id on this server.
    const env = Object.fromEntries(
      Object.entries(ENV()).filter(([key]) => !key.startsWith('MICROSOFT_')),
    );
    server = await startTestServer({ env });
  });
  afterAll(() => server?.close());

  it('says which providers the server can connect to, before any form is sent', async () => {
    const alice = await buildUser(server);
    const res = await alice.client.get('/api/calendar/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { provider: 'google', configured: true },
      { provider: 'outlook', configured: false },
    ]);
    const refused = await alice.client.post<{ message: string }>('/api/calendar/connections', {
      ...CONNECTION,
      provider: 'outlook',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Outlook n’est pas configuré sur ce serveur');
    const anonymous = await fetch(new URL('/api/calendar/providers', server.url));
    expect(anonymous.status).toBe(401);
  });
});
