/**
 * The app's session token (docs/mobile.md, "Signing in"): issued to the shell's origins only,
 * sent back as `Authorization: Bearer` or the socket's `bearer.<token>` subprotocol, with the
 * cookie's sessions table, expiry and revocation. Runs on PostgreSQL and the embedded store.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApiErrorBody, SessionInfo } from '#shared/auth';
import type { Channel } from '#shared/channels';
import { CLOSE_SESSION_ENDED, type ServerEvent } from '#shared/protocol';
import { parseServerFrame } from '#shared/protocol/read-frame';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { type Actor, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { sessions } from './schema';
import { hashToken, SESSION_COOKIE } from './sessions';

const APP = 'capacitor://localhost';
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36';

let server: TestServer;
let alice: Actor;
beforeAll(async () => {
  server = await startTestServer({ env: { ALLOWED_ORIGINS: `${APP},https://localhost` } });
  alice = await buildUser(server, { displayName: 'Alice' });
});
afterAll(() => server?.close());

/** Sign in as the app does: from its origin, asking for a token. */
async function signInFromApp(actor: Actor, origin = APP) {
  return new TestClient(server.url).post<User>(
    '/api/auth/login',
    { email: actor.user.email, password: actor.password },
    { origin, 'x-session-transport': 'bearer', 'user-agent': ANDROID_WEBVIEW },
  );
}

async function appToken(actor: Actor): Promise<string> {
  const res = await signInFromApp(actor);
  expect(res.status).toBe(200);
  const token = res.headers.get('x-session-token');
  expect(token).toBeTruthy();
  return token!;
}

/** A client with no cookie that sends the token, from the app's origin. */
function bearer(token: string, origin = APP) {
  const client = new TestClient(server.url);
  const headers = { origin, authorization: `Bearer ${token}` };
  return {
    get: <T>(path: string) => client.get<T>(path, headers),
    post: <T>(path: string, body?: unknown) => client.post<T>(path, body, headers),
    delete: <T>(path: string) => client.delete<T>(path, headers),
  };
}

/** The socket as the app opens it: its origin, the `ruche` and `bearer.<token>` subprotocols. */
function appSocket(token: string, origin = APP): Promise<{ ws: WebSocket; events: ServerEvent[] }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, ['ruche', `bearer.${token}`], {
    headers: { origin },
  });
  const events: ServerEvent[] = [];
  ws.on('message', (data) => events.push(...parseServerFrame(data.toString())));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, events }));
    ws.once('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`refused ${res.statusCode}`), { status: res.statusCode }));
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('issuing the token', () => {
  it('answers a sign-in from a listed origin with a token and no cookie, CORS included', async () => {
    const res = await signInFromApp(alice);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(alice.user.id);
    expect(res.headers.get('x-session-token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith(SESSION_COOKIE))).toEqual([]);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Session-Token/i);
  });

  it('gives a cookie, never a token, to our own origin or an unlisted one', async () => {
    const own = await signInFromApp(alice, server.url);
    expect(own.status).toBe(200);
    expect(own.headers.get('x-session-token')).toBeNull();
    expect(own.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    // An unlisted origin may not even write (sign-in is a write).
    const foreign = await signInFromApp(alice, 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('x-session-token')).toBeNull();
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a new account opened from the app with a token too', async () => {
    const res = await new TestClient(server.url).post<User>(
      '/api/auth/register',
      { email: 'mobile-signup@ruche.test', password: 'mot-de-passe-sûr' },
      { origin: APP, 'x-session-transport': 'bearer' },
    );
    expect(res.status).toBe(201);
    const token = res.headers.get('x-session-token');
    expect(token).toBeTruthy();
    expect((await bearer(token!).get<User>('/api/auth/user')).body.id).toBe(res.body.id);
  });
});

describe('using the token', () => {
  it('signs requests in, reads and writes, in the same sessions table', async () => {
    const token = await appToken(alice);
    const app = bearer(token);
    expect((await app.get<User>('/api/auth/user')).body.id).toBe(alice.user.id);
    const created = await app.post<Channel>('/api/channels', { name: 'depuis-android' });
    expect(created.status).toBe(201);
    const list = await app.get<Channel[]>('/api/channels');
    expect(list.body.map((c) => c.name)).toContain('depuis-android');
    const rows = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, hashToken(token)));
    expect(rows).toHaveLength(1);
    // Listed among the person's sessions, seen from a browser, with its device.
    const listed = await alice.client.get<SessionInfo[]>('/api/auth/sessions');
    expect(listed.body.some((s) => s.device?.includes('Android'))).toBe(true);
    const mine = await app.get<SessionInfo[]>('/api/auth/sessions');
    expect(mine.body.filter((s) => s.current)).toHaveLength(1);
  });

  it('answers the preflight for a listed origin, and not for any other', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/channels`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const ok = await preflight(APP);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    expect(ok.headers.get('vary')).toMatch(/origin/i);
    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    // A read from an unlisted origin carries no CORS header: the browser withholds it.
    const read = await bearer(token0(), 'https://evil.example').get('/api/auth/user');
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses an unlisted origin writing with a valid token', async () => {
    const token = await appToken(alice);
    const res = await bearer(token, 'https://evil.example').post<ApiErrorBody>('/api/channels', {
      name: 'refusé',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Requête refusée : origine non autorisée');
  });

  it('judges a request by its bearer token alone, not the cookie beside it', async () => {
    const res = await alice.client.get<ApiErrorBody>('/api/auth/user', {
      origin: APP,
      authorization: 'Bearer pas-un-jeton',
    });
    expect(res.status).toBe(401);
  });

  it('stops working once the session expired, and is extended like the cookie while in use', async () => {
    const token = await appToken(alice);
    const sid = hashToken(token);
    const day = 24 * 3600 * 1000;
    await server.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + day) })
      .where(eq(sessions.sid, sid));
    const renewed = await bearer(token).get('/api/auth/user');
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie()).toEqual([]);
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(row!.expire.getTime() - Date.now()).toBeGreaterThan(29 * day);

    await server.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sid));
    const expired = await bearer(token).get<ApiErrorBody>('/api/auth/user');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Vous devez être connecté');
    // The app reads the refusal: CORS headers on errors too.
    expect(expired.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('ends with sign-out: the row, the token and the socket', async () => {
    const token = await appToken(alice);
    const socket = await appSocket(token);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', resolve));
    expect((await bearer(token).post('/api/logout')).status).toBe(204);
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    expect((await bearer(token).get('/api/auth/user')).status).toBe(401);
    const rows = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, hashToken(token)));
    expect(rows).toEqual([]);
  });

  it('is revoked from the sessions list in a browser, its socket closed', async () => {
    const token = await appToken(alice);
    const socket = await appSocket(token);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', resolve));
    const listed = await alice.client.get<SessionInfo[]>('/api/auth/sessions');
    const app = listed.body.filter((s) => !s.current && s.device?.includes('Android'));
    expect(app.length).toBeGreaterThan(0);
    for (const session of app) {
      expect((await alice.client.delete(`/api/auth/sessions/${session.id}`)).status).toBe(204);
    }
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    expect((await bearer(token).get('/api/auth/user')).status).toBe(401);
    expect((await alice.client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('the socket with the token', () => {
  it('opens from a listed origin, answers `ruche` (never the token), and carries live events', async () => {
    const token = await appToken(alice);
    const bob = await buildUser(server, { displayName: 'Bob' });
    const { ws, events } = await appSocket(token);
    expect(ws.protocol).toBe('ruche');
    await until(() => events.some((e) => e.type === 'ready'));
    const channel = await bearer(token).post<Channel>('/api/channels', {
      name: 'en-direct',
      type: 'channel',
    });
    expect((await bob.client.post(`/api/channels/${channel.body.id}/join`)).status).toBeLessThan(
      300,
    );
    ws.send(JSON.stringify({ type: 'join_channel', channelId: channel.body.id }));
    const sent = await bob.client.post(`/api/channels/${channel.body.id}/messages`, {
      content: 'Bonjour le mobile',
    });
    expect(sent.status).toBe(201);
    await until(() =>
      events.some(
        (e) =>
          e.type === 'new_message' &&
          (e as { message?: { content?: string } }).message?.content === 'Bonjour le mobile',
      ),
    );
    ws.close();
  });

  it('is refused for an unknown token (401) and from an unlisted origin (403)', async () => {
    await expect(appSocket('pas-un-jeton')).rejects.toMatchObject({ status: 401 });
    const token = await appToken(alice);
    await expect(appSocket(token, 'https://evil.example')).rejects.toMatchObject({ status: 403 });
  });
});

/** A syntactically valid token nobody holds. */
const token0 = () => 'A'.repeat(43);
