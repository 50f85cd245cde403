import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { PUBLIC_PATH_PARAMS, SECRET_PAGES } from './log-redaction';

// docs/security.md, "Secrets in the logs": the redaction fails closed, and these checks keep
// its two lists honest as routes and pages are added.
const SECRET_LOOKING = /code|token|secret|ticket|key|challenge|file|state/i;

describe('the routes the redaction knows', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('redacts every path parameter of every registered route but record ids', () => {
    const routes = server.app.logRedaction.routesWithParams;
    expect(routes).toContain('/api/calendar/feed/:file');
    for (const route of routes) {
      const names = [...route.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
      const url = route.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => `SENTINEL-${name}`);
      const logged = server.app.logRedaction.redactUrl(url);
      for (const name of names) {
        const kept = logged.includes(`SENTINEL-${name}`);
        expect(kept, `${route}: ${name} ${kept ? 'kept' : 'redacted'}`).toBe(
          PUBLIC_PATH_PARAMS.has(name),
        );
      }
    }
  });

  it('keeps only id-like names public', () => {
    for (const name of PUBLIC_PATH_PARAMS) {
      expect(name).toMatch(/^(id|[a-z]+Id)$/);
      expect(name).not.toMatch(SECRET_LOOKING);
    }
  });

  it("lists every web page whose path carries something other than an id (the router's table)", () => {
    const router = readFileSync(
      new URL('../../../web/src/app/router.tsx', import.meta.url),
      'utf8',
    );
    const pages = [...router.matchAll(/path="([^"]+)"/g)].map((m) => m[1]!);
    expect(pages).toContain('/join/:code');
    const withSecrets = pages.filter((page) =>
      [...page.matchAll(/:([A-Za-z0-9_]+)/g)].some((m) => !PUBLIC_PATH_PARAMS.has(m[1]!)),
    );
    expect([...SECRET_PAGES].sort()).toEqual(withSecrets.sort());
  });
});
