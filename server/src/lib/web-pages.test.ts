import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';

// docs/security.md, issue 42, "Smaller holes": uptime monitors and link checkers use HEAD;
// a page answers HEAD as it answers GET, without the body. API routes keep their own answers.
const INDEX = '<!doctype html><html lang="fr"><title>Ruche</title><div id="root"></div></html>';
let webRoot: string;
let server: TestServer;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'ruche-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  server = await startTestServer({ webRoot });
});
afterAll(async () => {
  await server?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The headers of the page itself: not the date, nor those about the connection (hop-by-hop). */
const stable = (headers: Headers) =>
  Object.fromEntries(
    [...headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
  );

describe('pages asked with HEAD', () => {
  it.each(['/', '/login', '/channel/3f0c2a4e-1b7d-4c55-9a3e-0c7d2b1e9f10', '/settings?tab=compte'])(
    'HEAD %s answers 200 with the headers of GET and no body',
    async (page) => {
      const get = await fetch(new URL(page, server.url));
      expect(get.status).toBe(200);
      expect(await get.text()).toBe(INDEX);
      const head = await fetch(new URL(page, server.url), { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(stable(head.headers)).toEqual(stable(get.headers));
      expect(head.headers.get('content-type')).toMatch(/^text\/html/);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(INDEX)));
    },
  );

  it('leaves API routes their own answers', async () => {
    const known = await fetch(new URL('/api/auth/providers', server.url), { method: 'HEAD' });
    expect(known.status).toBe(200);
    const unknown = await fetch(new URL('/api/nothing-here', server.url), { method: 'HEAD' });
    expect(unknown.status).toBe(404);
    const post = await fetch(new URL('/login', server.url), {
      method: 'POST',
      headers: { origin: server.url },
    });
    expect(post.status).toBe(404);
  });
});
