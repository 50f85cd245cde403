import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { createChannel, sendMessage } from '../../test/test-socket';

// docs/performance-log.md, "Compression": assets are compressed once at build time, API answers
// past 2 KB per request.
const WEB = fileURLToPath(new URL('../../../dist/web', import.meta.url));
let server: TestServer;
beforeAll(async () => {
  if (!existsSync(path.join(WEB, '.vite/manifest.json'))) {
    throw new Error(`No production build in ${WEB}: run \`npm run build:web\` first.`);
  }
  server = await startTestServer({ webRoot: WEB });
});
afterAll(() => server?.close());

/** The raw bytes and headers, undecoded (fetch would decode them). */
function getRaw(url: string, acceptEncoding?: string, cookie?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = {
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        ...(cookie ? { cookie } : {}),
      };
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

const entryAsset = () => {
  const manifest = JSON.parse(
    readFileSync(path.join(WEB, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  return manifest['index.html']!.file;
};

describe('static assets', () => {
  it('sends brotli to a browser that accepts it, the same bytes once decoded, cached for good', async () => {
    const file = entryAsset();
    const original = readFileSync(path.join(WEB, file));
    const res = await getRaw(`${server.url}/${file}`, 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(res.body).equals(original)).toBe(true);
  });

  it('sends gzip to one that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const file = entryAsset();
    const original = readFileSync(path.join(WEB, file));
    const gzip = await getRaw(`${server.url}/${file}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    const plain = await getRaw(`${server.url}/${file}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });
});

describe('API answers', () => {
  it('leave compressed past 2 KB, for a client that accepts it', async () => {
    const alice = await buildUser(server);
    const channel = await createChannel(alice);
    for (let i = 0; i < 30; i++) await sendMessage(alice, channel.id, `message n°${i} `.repeat(8));
    const url = `${server.url}/api/channels/${channel.id}/messages`;
    const cookie = alice.client.cookieHeader;
    const raw = (encoding: string) => getRaw(url, encoding, cookie);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(2048);
    const br = await raw('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(
      JSON.parse(plain.body.toString()),
    );
    const gzip = await raw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const small = await alice.client.get('/api/auth/user', { 'accept-encoding': 'br' });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('leave compressed past 256 KiB too, where they go through a stream', async () => {
    const bob = await buildUser(server);
    const channel = await createChannel(bob);
    for (let i = 0; i < 52; i++) {
      await sendMessage(bob, channel.id, `${i} ${'Un long compte rendu de réunion. '.repeat(200)}`);
    }
    const url = `${server.url}/api/channels/${channel.id}/messages`;
    const cookie = bob.client.cookieHeader;
    const raw = (encoding: string) => getRaw(url, encoding, cookie);
    const plain = await raw('identity');
    expect(plain.body.length).toBeGreaterThan(256 * 1024);
    const br = await raw('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await raw('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });
});
