import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { TestSocket } from '../../test/test-socket';
import { MAX_CLIENT_FRAME } from '../realtime/register';
import { redactUrl, SECRET_PAGES } from './log-redaction';

// docs/security.md, finding 8: credentials in URLs never reach the logs; headers name only
// our own origins.
describe('redactUrl', () => {
  const routes = [...SECRET_PAGES, '/api/channel-invites/:code', '/api/channels/:id/messages'];
  it.each([
    ['/api/channel-invites/ABCD2345', '/api/channel-invites/[redacted]'],
    ['/api/channel-invites/ABCD2345/join', '/api/channel-invites/[redacted]/join'],
    ['/join-channel/ABCD2345', '/join-channel/[redacted]'],
    ['/join/salle-42', '/join/[redacted]'],
    [
      '/api/callback?code=abc&state=def&iss=x',
      '/api/callback?code=[redacted]&state=[redacted]&iss=x',
    ],
    ['/api/auth/verify-email?token=secret', '/api/auth/verify-email?token=[redacted]'],
    ['/login?reset=secret&invitation=other', '/login?reset=[redacted]&invitation=[redacted]'],
    ['/api/channels/42/messages?after=3', '/api/channels/42/messages?after=3'],
    ['/ws?room_token=secret', '/ws?room_token=[redacted]'],
    ['/login?next=%2Fjoin%2Fsalle-42', '/login?next=/join/[redacted]'],
    ['/api/channel-invites/ABCD2345/', '/api/channel-invites/[redacted]/'],
    ['//api//channel-invites/ABCD2345', '//api//channel-invites/[redacted]'],
    ['/api/login?anything=new', '/api/login?anything=[redacted]'],
    ['/join/salle-42#frag', '/join/[redacted]'],
    ['https://user:pass@janus.example:8188/x?k=v', 'https://janus.example:8188/x?k=[redacted]'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url, routes)).toBe(logged);
  });
});

describe('the logs of a running server', () => {
  const lines: string[] = [];
  let server: TestServer;
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(() => server?.close());

  it('keep no invite code, OAuth code or state, nor mailed token', async () => {
    const alice = await buildUser(server);
    await alice.client.get('/api/channel-invites/SECRETCODE1');
    await alice.client.post('/api/channel-invites/SECRETCODE2/join');
    await alice.client.get('/api/callback?code=SECRETCODE3&state=SECRETSTATE');
    await new TestClient(server.url).get('/join-channel/SECRETCODE4');
    await new TestClient(server.url).get('/api/auth/verify-email?token=SECRETTOKEN');
    const log = lines.join('');
    expect(log).toContain('/api/channel-invites/[redacted]');
    expect(log).not.toMatch(/SECRET/);
  });

  it("log a client's oversized frame below warning level: the client's fault, not the server's", async () => {
    const alice = await buildUser(server);
    const socket = await TestSocket.open(server, alice.client);
    socket.ws.send('x'.repeat(MAX_CLIENT_FRAME + 1));
    expect((await socket.closed).code).toBe(1009);
    const levels = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(levels.filter((entry) => entry.level >= 40)).toEqual([]);
  });
});

describe('headers behind https', () => {
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ env: { PUBLIC_URL: 'https://ruche.example.test' } });
  });
  afterAll(() => secure?.close());

  it('HSTS for this host only, and connect-src naming only our origins', async () => {
    const res = await fetch(new URL('/api/auth/providers', secure.url));
    const hsts = res.headers.get('strict-transport-security') ?? '';
    expect(hsts).toMatch(/max-age=31536000/);
    expect(hsts).not.toMatch(/includeSubDomains/i);
    const policy = res.headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]+)/.exec(policy)?.[1]?.split(' ');
    expect(connect).toEqual(["'self'", 'wss://ruche.example.test']);
  });

  it('includes subdomains only when HSTS_INCLUDE_SUBDOMAINS says so', async () => {
    const wide = await startTestServer({
      env: { PUBLIC_URL: 'https://ruche.example.test', HSTS_INCLUDE_SUBDOMAINS: 'true' },
    });
    try {
      const res = await fetch(new URL('/api/auth/providers', wide.url));
      expect(res.headers.get('strict-transport-security')).toMatch(/includeSubDomains/);
    } finally {
      await wide.close();
    }
  });
});
