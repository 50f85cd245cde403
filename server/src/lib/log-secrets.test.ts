/**
 * docs/security.md, "Secrets in the logs": every bearer secret a flow hands out — guest room
 * tokens, the ICS feed's secret, download tickets, OAuth codes and states (calendar and OpenID
 * Connect), the app's challenge, code and session token, mailed tokens, invite and room codes,
 * workspace sign-up links, the session cookie — is used for real against a server logging at
 * debug level, and none of them may appear anywhere in what it logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { WorkspaceInvite } from '#shared/auth';
import type { CalendarFeed, ConnectionCreated } from '#shared/calendar';
import type { ChannelFile, FileDownloadLink } from '#shared/files';
import type { ChannelInvite } from '#shared/invites';
import type { User } from '#shared/users';
import type { RoomJoinResult, VideoRoom } from '#shared/video-rooms';
import { buildChannel } from '../../test/chat-factories';
import { TestClient } from '../../test/client';
import type { Actor } from '../../test/factories';
import { FakeCalendarProviders } from '../../test/fake-calendar-providers';
import { type OidcTestProvider, startOidcProvider } from '../../test/oidc-provider';
import { freePort, startTestServer, type TestServer } from '../../test/server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';

const APP = 'https://localhost';
const PASSWORD = 'ruche-phrase-secrète';

const lines: string[] = [];
/** Every secret issued during the file, by what it is. */
const issued: Array<[what: string, value: string]> = [];
let smtp: TestSmtpServer;
let oidc: OidcTestProvider;
let providers: FakeCalendarProviders;
let server: TestServer;
let alice: Actor;
let bob: Actor;

const keep = (what: string, value: string | null | undefined): string => {
  expect(value, what).toBeTruthy();
  issued.push([what, value!]);
  return value!;
};
const pathOf = (url: URL) => url.pathname + url.search;
const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@ruche.test`;

/** Signs up through the mailed confirmation link, whose token is kept as a secret. */
async function signUp(name: string): Promise<Actor> {
  const email = uniqueEmail(name);
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: name,
    lastName: 'Test',
  });
  expect(res.status).toBe(202);
  const link = linkIn(await smtp.nextMailTo(email), server.url);
  keep('verification token', link.searchParams.get('token'));
  expect((await client.get(pathOf(link))).status).toBe(302);
  const me = await client.get<User>('/api/auth/user');
  expect(me.status).toBe(200);
  keep('session cookie', [...client.cookies.values()][0]);
  return { user: me.body, client, password: PASSWORD };
}

/** Where the current test's secrets start in `issued`. */
let ownFirst = 0;
beforeEach(() => {
  ownFirst = issued.length;
});

/** The secrets (the current test's, or all) found in the log, plain or percent-encoded. */
function leaked(which: 'own' | 'all' = 'own'): string[] {
  const log = lines.join('');
  return issued
    .slice(which === 'own' ? ownFirst : 0)
    .filter(([, value]) => log.includes(value) || log.includes(encodeURIComponent(value)))
    .map(([what]) => what);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  oidc = await startOidcProvider();
  providers = await new FakeCalendarProviders().start();
  const port = await freePort();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({
    port,
    logStream,
    env: {
      LOG_LEVEL: 'debug',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      LOCAL_AUTH: 'on',
      ALLOWED_ORIGINS: APP,
      ROOM_RATE_LIMIT: '10000',
      CALENDAR_SYNC_INTERVAL_MS: '0',
      ...providers.env(),
    },
  });
  oidc.register(`${server.url}/api/callback`);
  alice = await signUp('alice');
  bob = await signUp('bob');
});
afterAll(async () => {
  await server?.close();
  await providers?.close();
  await oidc?.close();
  await smtp?.close();
});

describe('the log of a server used through every flow that hands out a secret', () => {
  it('a channel invite code, its page and a sign-in that comes back to it', async () => {
    const channel = await buildChannel(alice);
    const invite = await alice.client.post<ChannelInvite>(`/api/channels/${channel.id}/invites`);
    const code = keep('channel invite code', invite.body.inviteCode);
    expect((await bob.client.get(`/api/channel-invites/${code}`)).status).toBe(200);
    expect((await bob.client.post(`/api/channel-invites/${code}/join`)).status).toBe(200);
    const visitor = new TestClient(server.url);
    await visitor.get(`/join-channel/${code}`);
    await visitor.get(`/login?next=${encodeURIComponent(`/join-channel/${code}`)}`);
    await visitor.get(`/api/login?next=${encodeURIComponent(`/join-channel/${code}`)}`);
    expect(leaked()).toEqual([]);
  });

  it("a guest's room code, its page, and the room token on the socket's address", async () => {
    const room = await alice.client.post<VideoRoom>('/api/video-rooms', { name: 'Point' });
    const code = keep('room code', room.body.roomCode);
    const guest = new TestClient(server.url);
    await guest.get(`/join/${code}`);
    expect((await guest.get(`/api/video-rooms/code/${code}`)).status).toBe(200);
    const joined = await guest.post<RoomJoinResult>(`/api/video-rooms/${room.body.id}/join`, {
      guestName: 'Zoé',
    });
    expect(joined.status).toBe(200);
    const token = keep('room token', joined.body.token);
    const ws = new WebSocket(
      `${server.url.replace('http', 'ws')}/ws?room_token=${encodeURIComponent(token)}`,
      { headers: { origin: server.url } },
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.close();
    expect(leaked()).toEqual([]);
  });

  it("the calendar feed's secret address", async () => {
    const feed = await alice.client.post<CalendarFeed>('/api/calendar/feed');
    const url = new URL(feed.body.url!);
    keep('feed secret', /feed\/([^/.]+)\.ics$/.exec(url.pathname)?.[1]);
    const fetched = await new TestClient(server.url).get(url.pathname);
    expect(fetched.status).toBe(200);
    expect(leaked()).toEqual([]);
  });

  it('a download ticket', async () => {
    const channel = await buildChannel(alice);
    const form = new FormData();
    form.append('file', new Blob(['Compte rendu']), 'rapport.txt');
    const file = await alice.client.post<ChannelFile>(
      `/api/channels/${channel.id}/files/upload`,
      form,
    );
    expect(file.status).toBe(201);
    const link = await alice.client.post<FileDownloadLink>(
      `/api/files/${file.body.id}/download-link`,
    );
    const url = new URL(link.body.url, server.url);
    keep('download ticket', url.searchParams.get('ticket'));
    expect((await new TestClient(server.url).get(pathOf(url))).status).toBe(200);
    expect(leaked()).toEqual([]);
  });

  it("a calendar connection's OAuth state and code", async () => {
    const created = await alice.client.post<ConnectionCreated>('/api/calendar/connections', {
      provider: 'google',
      calendarName: '',
      syncDirection: 'import',
      isActive: true,
    });
    expect(created.status).toBe(201);
    const consent = await fetch(created.body.authorizeUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    keep('calendar OAuth state', back.searchParams.get('state'));
    keep('calendar OAuth code', back.searchParams.get('code'));
    const done = await alice.client.get(pathOf(back));
    expect(done.headers.get('location')).toMatch(/^\/calendar-settings\?pick=/);
    // Played again: refused, and the refusal is logged.
    await alice.client.get(pathOf(back));
    expect(leaked()).toEqual([]);
  });

  it("an OpenID Connect sign-in's code and state, and a replayed callback", async () => {
    oidc.accounts.set('oidc-web', { email: uniqueEmail('web'), email_verified: true });
    const browser = new TestClient(server.url);
    const login = await browser.get('/api/login');
    expect(login.status).toBe(302);
    const back = await oidc.authorize(login.headers.get('location')!, 'oidc-web');
    keep('OIDC code', back.searchParams.get('code'));
    keep('OIDC state', back.searchParams.get('state'));
    expect((await browser.get(pathOf(back))).status).toBe(302);
    expect((await browser.get<User>('/api/auth/user')).status).toBe(200);
    await new TestClient(server.url).get(pathOf(back));
    // A callback whose state was altered: refused, the error (and its cause) logged.
    const second = new TestClient(server.url);
    const again = await oidc.authorize(
      (await second.get('/api/login')).headers.get('location')!,
      'oidc-web',
    );
    keep('OIDC code (altered callback)', again.searchParams.get('code'));
    keep('OIDC state (altered callback)', again.searchParams.get('state'));
    again.searchParams.set('state', `${again.searchParams.get('state')}x`);
    expect((await second.get(pathOf(again))).status).toBe(400);
    expect((await second.get('/api/auth/user')).status).toBe(401);
    expect(leaked()).toEqual([]);
  });

  it("the app's challenge, its code, and its session token on a socket and as a bearer", async () => {
    oidc.accounts.set('oidc-app', { email: uniqueEmail('app'), email_verified: true });
    const verifier = randomBytes(32).toString('base64url');
    const challenge = keep(
      'app challenge',
      createHash('sha256').update(verifier).digest('base64url'),
    );
    const browser = new TestClient(server.url);
    const login = await browser.get(`/api/login?app_challenge=${challenge}`);
    const back = await oidc.authorize(login.headers.get('location')!, 'oidc-app');
    const callback = await browser.get(pathOf(back));
    const code = keep(
      'app code',
      new URL(callback.headers.get('location')!).searchParams.get('code'),
    );
    const signedIn = await new TestClient(server.url).post(
      '/api/auth/app-sign-in',
      {
        code,
        verifier,
      },
      { origin: APP, 'x-session-transport': 'bearer' },
    );
    expect(signedIn.status).toBe(200);
    const token = keep('app session token', signedIn.headers.get('x-session-token'));
    const me = await new TestClient(server.url).get('/api/auth/user', {
      origin: APP,
      authorization: `Bearer ${token}`,
    });
    expect(me.status).toBe(200);
    const ws = new WebSocket(
      `${server.url.replace('http', 'ws')}/ws`,
      ['ruche', `bearer.${token}`],
      {
        headers: { origin: APP },
      },
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.close();
    expect(leaked()).toEqual([]);
  });

  it('a password reset link and a workspace sign-up link', async () => {
    const email = alice.user.email!;
    await new TestClient(server.url).post('/api/auth/password-reset', { email });
    const link = linkIn(await smtp.nextMailTo(email), server.url);
    const reset = keep('password reset token', link.searchParams.get('reset'));
    await new TestClient(server.url).get(pathOf(link));
    const confirmed = await new TestClient(server.url).post('/api/auth/password-reset/confirm', {
      token: reset,
      newPassword: `${PASSWORD}-nouvelle`,
    });
    expect(confirmed.status).toBe(204);

    const signIn = await alice.client.post('/api/auth/login', {
      email,
      password: `${PASSWORD}-nouvelle`,
    });
    expect(signIn.status).toBe(200);
    const invite = await alice.client.post<WorkspaceInvite>('/api/admin/invites', {});
    expect(invite.status).toBe(201);
    const signUpLink = new URL(invite.body.url!);
    keep('workspace invitation', signUpLink.searchParams.get('invitation'));
    await new TestClient(server.url).get(pathOf(signUpLink));
    expect(leaked()).toEqual([]);
  });

  it('logged every request of these flows, with its secrets replaced', () => {
    expect(leaked('all')).toEqual([]);
    const log = lines.join('');
    expect(log).toContain('"url":"/api/calendar/feed/[redacted]"');
    expect(log).toContain('"url":"/ws?room_token=[redacted]"');
    expect(log).toContain('"url":"/api/video-rooms/code/[redacted]"');
    expect(log).toContain('"url":"/login?next=/join-channel/[redacted]"');
    expect(log).toContain('"url":"/api/login?app_challenge=[redacted]"');
    expect(issued.length).toBeGreaterThanOrEqual(18);
  });
});
