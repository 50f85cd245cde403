import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import { startTestServer, type TestServer } from '../../test/server';
import { loadConfig } from '../config';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) =>
  i.toString(16).padStart(2, '0').toUpperCase(),
).join(':');

describe('the well-known files of the app links (docs/mobile.md)', () => {
  let configured: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    [configured, bare] = await Promise.all([
      startTestServer({
        env: {
          ANDROID_APP_PACKAGE: 'fr.ruche.app',
          ANDROID_CERT_SHA256: FINGERPRINT.toLowerCase(),
          IOS_APP_IDS: 'ABCDE12345.fr.ruche.app',
        },
      }),
      startTestServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured?.close(), bare?.close()]);
  });

  it('serves assetlinks.json with the configured package and fingerprints, as JSON', async () => {
    const res = await fetch(`${configured.url}/.well-known/assetlinks.json`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: 'fr.ruche.app',
          sha256_cert_fingerprints: [FINGERPRINT],
        },
      },
    ]);
  });

  it('serves apple-app-site-association with the app ids, the three kinds of links and the sign-in’s return', async () => {
    const res = await fetch(`${configured.url}/.well-known/apple-app-site-association`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      applinks: {
        details: [
          {
            appIDs: ['ABCDE12345.fr.ruche.app'],
            components: [
              { '/': '/join/*' },
              { '/': '/join-channel/*' },
              { '/': '/channel/*' },
              // Where the app's OpenID Connect sign-in comes back (auth/app-sign-in.ts).
              { '/': '/app/signed-in' },
            ],
          },
        ],
      },
    });
  });

  it('answers 404 with a French message when no app is configured', async () => {
    for (const file of ['assetlinks.json', 'apple-app-site-association']) {
      const res = await fetch(`${bare.url}/.well-known/${file}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).message).toMatch(/^Aucune application/);
    }
  });

  it('refuses to start with a malformed package, fingerprint or app id', () => {
    const base = { DATA_DIR: tmpdir() };
    expect(() => loadConfig({ ...base, ANDROID_APP_PACKAGE: 'ruche' })).toThrow(
      /ANDROID_APP_PACKAGE/,
    );
    expect(() => loadConfig({ ...base, ANDROID_CERT_SHA256: 'AB:CD' })).toThrow(
      /ANDROID_CERT_SHA256/,
    );
    expect(() => loadConfig({ ...base, IOS_APP_IDS: 'fr.ruche.app' })).toThrow(/IOS_APP_IDS/);
  });
});
