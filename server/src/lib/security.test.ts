import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { type Actor, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { TestSocket } from '../../test/test-socket';
import { loadConfig } from '../config';

const REFUSED = 'Requête refusée : origine non autorisée';

let webRoot: string;
let server: TestServer;
let alice: Actor;

beforeAll(async () => {
  // A built web app in miniature: the shell page and one hashed asset.
  webRoot = await mkdtemp(path.join(tmpdir(), 'ruche-web-'));
  await mkdir(path.join(webRoot, 'assets'));
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="fr"><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webRoot, 'assets', 'app-1a2b.js'), 'console.log("ruche");');
  server = await startTestServer({ webRoot });
  alice = await buildUser(server, { displayName: 'Alice' });
});
afterAll(async () => {
  await server?.close();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

/** The policy's directives, by name. */
function csp(headers: Headers): Map<string, string[]> {
  const value = headers.get('content-security-policy');
  expect(value).toBeTruthy();
  return new Map(
    value!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('Content-Security-Policy on HTML', () => {
  for (const page of ['/', '/settings', '/channels/quelque-chose']) {
    it(`serves ${page} with a strict policy that allows no inline script`, async () => {
      const res = await fetch(new URL(page, server.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const policy = csp(res.headers);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      // No inline script of any kind (elements, event handler attributes), no eval.
      for (const name of ['script-src', 'script-src-elem', 'script-src-attr']) {
        expect(policy.get(name) ?? []).not.toContain("'unsafe-inline'");
        expect(policy.get(name) ?? []).not.toContain("'unsafe-hashes'");
      }
      expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // A new build must be picked up: the shell page is revalidated.
      expect(res.headers.get('cache-control')).toBe('no-cache');
    });
  }

  it('serves hashed assets as immutable', async () => {
    const res = await fetch(new URL('/assets/app-1a2b.js', server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers an unknown API path with a JSON 404, not the shell page', async () => {
    const res = await new TestClient(server.url).get<ApiErrorBody>('/api/nulle-part');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Route introuvable : GET /api/nulle-part');
  });
});

describe('Cache-Control on the API', () => {
  it('marks authenticated answers no-store', async () => {
    const res = await alice.client.get('/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('marks sign-in answers and errors no-store too', async () => {
    const login = await new TestClient(server.url).post('/api/auth/login', {
      email: alice.user.email,
      password: alice.password,
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const denied = await new TestClient(server.url).get('/api/auth/user');
    expect(denied.headers.get('cache-control')).toBe('no-store');
  });
});

describe('cookie-authenticated writes from another origin', () => {
  const rename = (headers: Record<string, string>, displayName: string) =>
    alice.client.patch<ApiErrorBody & User>('/api/auth/user', { displayName }, headers);

  const currentName = async () => (await alice.client.get<User>('/api/auth/user')).body.displayName;

  it('refuses a foreign Origin with 403 and changes nothing', async () => {
    const res = await rename({ origin: 'https://evil.example' }, 'Piratée');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REFUSED);
    expect(await currentName()).toBe('Alice');
  });

  it('refuses the opaque "null" Origin (sandboxed frames, data: pages)', async () => {
    const res = await rename({ origin: 'null' }, 'Piratée');
    expect(res.status).toBe(403);
    expect(await currentName()).toBe('Alice');
  });

  it('refuses another port of the same host', async () => {
    const url = new URL(server.url);
    url.port = String(Number(url.port) + 1);
    const res = await rename({ origin: url.origin }, 'Piratée');
    expect(res.status).toBe(403);
  });

  it('refuses a write that the browser marks cross-site or same-site without Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await fetch(new URL('/api/auth/user', server.url), {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          cookie: alice.client.cookieHeader,
          'sec-fetch-site': site,
        },
        body: JSON.stringify({ displayName: 'Piratée' }),
      });
      expect(res.status).toBe(403);
    }
    expect(await currentName()).toBe('Alice');
  });

  it('refuses a cross-site sign-in form post (login CSRF)', async () => {
    const res = await new TestClient(server.url).post<ApiErrorBody>(
      '/api/auth/login',
      { email: alice.user.email, password: alice.password },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });

  it('accepts the same origin, by Origin or by Sec-Fetch-Site', async () => {
    const byOrigin = await rename({}, 'Alice A.');
    expect(byOrigin.status).toBe(200);
    expect(byOrigin.body.displayName).toBe('Alice A.');

    const bySite = await fetch(new URL('/api/auth/user', server.url), {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        cookie: alice.client.cookieHeader,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({ displayName: 'Alice' }),
    });
    expect(bySite.status).toBe(200);
    expect(await currentName()).toBe('Alice');
  });

  it('lets reads through whatever their origin', async () => {
    const res = await alice.client.get('/api/auth/user', { origin: 'https://evil.example' });
    expect(res.status).toBe(200);
  });
});

describe('an API path with percent-encoded letters (/%61pi/…), which the router decodes', () => {
  it('is the API: the session resolved, no-store', async () => {
    const res = await alice.client.get<User>('/%61pi/auth/user');
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBe('Alice');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a cross-origin write as /api/ does, and signs no one out', async () => {
    const evil = { origin: 'https://evil.example' };
    const renamed = await alice.client.patch<ApiErrorBody>(
      '/%61pi/auth/user',
      { displayName: 'Piratée' },
      evil,
    );
    expect(renamed.status).toBe(403);
    expect(renamed.body.message).toBe(REFUSED);
    const logout = await alice.client.post<ApiErrorBody>('/%61pi/logout', undefined, evil);
    expect(logout.status).toBe(403);
    expect(logout.body.message).toBe(REFUSED);
    const still = await alice.client.get<User>('/api/auth/user');
    expect(still.status).toBe(200);
    expect(still.body.displayName).toBe('Alice');
  });
});

describe('behind HTTPS (PUBLIC_URL)', () => {
  const publicUrl = 'https://ruche.example.test';
  let secure: TestServer;
  beforeAll(async () => {
    secure = await startTestServer({ env: { PUBLIC_URL: publicUrl } });
  });
  afterAll(() => secure?.close());

  it('marks the session cookie Secure and sends HSTS', async () => {
    const client = new TestClient(secure.url);
    const res = await client.post(
      '/api/auth/register',
      { email: 'secure@ruche.test', password: 'mot-de-passe-sûr' },
      { origin: publicUrl },
    );
    expect(res.status).toBe(201);
    // The __Host- prefix: this host only, path /, Secure (docs/security.md, finding 8).
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-ruche_session='));
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('judges Origin against PUBLIC_URL, not the Host header', async () => {
    const res = await new TestClient(secure.url).post('/api/auth/login', {
      email: 'secure@ruche.test',
      password: 'mot-de-passe-sûr',
    });
    // The client's Origin is the loopback address, which is not the public origin.
    expect(res.status).toBe(403);
  });
});

describe('ALLOWED_ORIGINS (the Capacitor shell)', () => {
  let shell: TestServer;
  let bob: Actor;
  beforeAll(async () => {
    shell = await startTestServer({
      env: { ALLOWED_ORIGINS: 'capacitor://localhost, https://localhost,http://localhost' },
    });
    bob = await buildUser(shell, { displayName: 'Bob' });
  });
  afterAll(() => shell?.close());

  const rename = (origin: string, displayName: string) =>
    bob.client.patch<ApiErrorBody & User>('/api/auth/user', { displayName }, { origin });

  it('lets a listed origin write with the session cookie', async () => {
    expect((await rename('capacitor://localhost', 'Bob iOS')).status).toBe(200);
    expect((await rename('https://localhost', 'Bob Android')).status).toBe(200);
    expect((await bob.client.get<User>('/api/auth/user')).body.displayName).toBe('Bob Android');
  });

  it('lets a listed origin POST too (a channel created from the app)', async () => {
    const res = await bob.client.post<ApiErrorBody>(
      '/api/channels',
      { name: 'depuis-le-mobile' },
      { origin: 'http://localhost' },
    );
    expect(res.status).toBe(201);
  });

  it('still refuses any other origin, a listed one with another port included', async () => {
    for (const origin of ['capacitor://evil', 'https://localhost:8443', 'https://evil.example']) {
      const res = await rename(origin, 'Piratée');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(REFUSED);
    }
    const post = await bob.client.post<ApiErrorBody>(
      '/api/channels',
      { name: 'refusé' },
      { origin: 'https://evil.example' },
    );
    expect(post.status).toBe(403);
    expect(post.body.message).toBe(REFUSED);
    expect((await bob.client.get<User>('/api/auth/user')).body.displayName).toBe('Bob Android');
  });

  it('opens /ws for a listed origin, and only for it', async () => {
    const ws = await TestSocket.connect(shell, bob.client.cookieHeader, 'capacitor://localhost');
    ws.close();
    await expect(
      TestSocket.connect(shell, bob.client.cookieHeader, 'capacitor://evil'),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('refuses to start with something that is not an origin', () => {
    expect(() =>
      loadConfig({ DATA_DIR: tmpdir(), ALLOWED_ORIGINS: 'https://app.example/path' }),
    ).toThrow(/ALLOWED_ORIGINS/);
  });
});
