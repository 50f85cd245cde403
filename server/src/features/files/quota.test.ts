import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import {
  type ChannelFile,
  type InstanceStorage,
  STORAGE_FULL,
  STORAGE_QUOTA_EXCEEDED,
  type StorageUsage,
} from '#shared/files';
import { buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { listTree, startS3, type TestS3 } from '../../../test/s3-store';
import { startTestServer, type TestServer } from '../../../test/server';

type Store = 'disk' | 's3';

/** docs/files.md, "Quotas": small enough to reach with a few uploads. */
const QUOTA = 100_000;

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: '#f0b429' } })
    .png()
    .toBuffer();

function upload(who: Actor, channelId: string, name: string, bytes: Buffer | string) {
  const form = new FormData();
  const blob = new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]);
  form.append('file', blob, name);
  return who.client.post<ChannelFile & ApiErrorBody>(
    `/api/channels/${channelId}/files/upload`,
    form,
  );
}

/**
 * A raw upload: `declared` sets Content-Length (else the body is chunked), and only `sent`
 * bytes of the file are written before waiting for the answer, unless `end` finishes it.
 */
function rawUpload(
  server: TestServer,
  who: Actor,
  channelId: string,
  options: { declared?: number; fileBytes: number; end: boolean },
): Promise<{ status: number; body: ApiErrorBody }> {
  const boundary = 'ruche-quota-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gros.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(`/api/channels/${channelId}/files/upload`, server.url),
      {
        method: 'POST',
        headers: {
          origin: server.url,
          cookie: who.client.cookieHeader,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(options.declared === undefined ? {} : { 'content-length': options.declared }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as ApiErrorBody });
        });
      },
    );
    // The server may close the connection once it has answered: what is left unsent is moot.
    req.on('error', (err) => (req.writableEnded ? undefined : reject(err)));
    req.write(head);
    for (let sent = 0; sent < options.fileBytes; sent += 16_384) {
      req.write(Buffer.alloc(Math.min(16_384, options.fileBytes - sent), 'a'));
    }
    if (options.end) req.end(tail);
  });
}

describe.each<Store>(['disk', 's3'])('storage quotas on %s', (store) => {
  let s3: TestS3 | undefined;
  let server: TestServer;

  const startServer = (env: Record<string, string>) =>
    startTestServer({ env: { ...s3?.env, ...env } });

  beforeAll(async () => {
    s3 = store === 's3' ? await startS3() : undefined;
    server = await startServer({ FILES_QUOTA_PER_USER: String(QUOTA) });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.stop();
  });

  /** Every stored object of a channel (bytes and thumbnails), wherever the store keeps them. */
  const storedObjects = (on: TestServer, channelId: string) =>
    s3 ? s3.keys(`${channelId}/`) : listTree(path.join(on.config.dataDir, 'files', channelId));
  const tempFiles = (on: TestServer) => listTree(path.join(on.config.dataDir, 'upload-tmp'));
  const usageOf = async (who: Actor) => {
    const res = await who.client.get<StorageUsage>('/api/me/storage');
    expect(res.status).toBe(200);
    return res.body;
  };

  it('refuses an upload past the account’s quota with 413 and keeps nothing; thumbnails count; deleting frees the space', async () => {
    const alice = await buildUser(server);
    const channel = await buildChannel(alice);
    const image = await upload(alice, channel.id, 'photo.png', await png());
    expect(image.status).toBe(201);
    const thumbnail = await fetch(new URL(image.body.thumbnailUrl!, server.url), {
      headers: { cookie: alice.client.cookieHeader },
    });
    const taken = image.body.size + (await thumbnail.arrayBuffer()).byteLength;
    const free = QUOTA - taken;

    const over = await upload(alice, channel.id, 'trop.txt', 'a'.repeat(free + 1));
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(STORAGE_QUOTA_EXCEEDED);
    expect(await storedObjects(server, channel.id)).toHaveLength(2);
    expect(await tempFiles(server)).toEqual([]);
    expect(await usageOf(alice)).toEqual({ used: taken, quota: QUOTA });

    const fits = await upload(alice, channel.id, 'juste.txt', 'a'.repeat(free));
    expect(fits.status).toBe(201);
    expect(await usageOf(alice)).toEqual({ used: QUOTA, quota: QUOTA });
    expect((await upload(alice, channel.id, 'un.txt', 'b')).status).toBe(413);
    // Another account's share is its own.
    const bob = await buildUser(server);
    expect((await upload(bob, (await buildChannel(bob)).id, 'b.txt', 'bonjour')).status).toBe(201);

    expect((await alice.client.delete(`/api/files/${fits.body.id}`)).status).toBe(204);
    expect(await usageOf(alice)).toEqual({ used: taken, quota: QUOTA });
    expect((await upload(alice, channel.id, 'un.txt', 'b')).status).toBe(201);
  });

  it('refuses a declared length past the free space before reading the body', async () => {
    const alice = await buildUser(server);
    const channel = await buildChannel(alice);
    // Three times the quota announced, a sliver sent, the rest never: the answer cannot wait.
    const res = await rawUpload(server, alice, channel.id, {
      declared: QUOTA * 3,
      fileBytes: 1000,
      end: false,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(STORAGE_QUOTA_EXCEEDED);
    expect(await storedObjects(server, channel.id)).toEqual([]);
    expect(await tempFiles(server)).toEqual([]);
    expect((await usageOf(alice)).used).toBe(0);
  });

  it('counts the bytes as they stream when no length is declared', async () => {
    const alice = await buildUser(server);
    const channel = await buildChannel(alice);
    const res = await rawUpload(server, alice, channel.id, {
      fileBytes: QUOTA + 50_000,
      end: true,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(STORAGE_QUOTA_EXCEEDED);
    expect(await storedObjects(server, channel.id)).toEqual([]);
    expect(await tempFiles(server)).toEqual([]);
  });

  it('lets only one of two uploads racing for the last free space through', async () => {
    const rounds = await Promise.all(
      [1, 2, 3].map(async () => {
        const alice = await buildUser(server);
        const channel = await buildChannel(alice);
        const both = await Promise.all(
          ['a', 'b'].map((c) => upload(alice, channel.id, `${c}.txt`, c.repeat(60_000))),
        );
        return { alice, channel, statuses: both.map((r) => r.status).sort() };
      }),
    );
    for (const { alice, channel, statuses } of rounds) {
      expect(statuses).toEqual([201, 413]);
      expect(await usageOf(alice)).toEqual({ used: 60_000, quota: QUOTA });
      expect(await storedObjects(server, channel.id)).toHaveLength(1);
    }
    expect(await tempFiles(server)).toEqual([]);
  });

  it('answers 507 once the instance is full; its administrators see the total and who uses most', async () => {
    const full = await startServer({
      FILES_QUOTA_PER_USER: String(QUOTA),
      FILES_QUOTA_TOTAL: String(QUOTA + 50_000),
    });
    try {
      // The first account of a workspace is its administrator.
      const admin = await buildUser(full, { firstName: 'Ada' });
      const bob = await buildUser(full, { firstName: 'Bob' });
      const adminChannel = await buildChannel(admin);
      const bobChannel = await buildChannel(bob);
      expect((await upload(admin, adminChannel.id, 'a.txt', 'a'.repeat(80_000))).status).toBe(201);
      const refused = await upload(bob, bobChannel.id, 'b.txt', 'b'.repeat(80_000));
      expect(refused.status).toBe(507);
      expect(refused.body.message).toBe(STORAGE_FULL);
      expect(await storedObjects(full, bobChannel.id)).toEqual([]);
      expect(await tempFiles(full)).toEqual([]);
      expect((await upload(bob, bobChannel.id, 'b.txt', 'b'.repeat(60_000))).status).toBe(201);

      const seen = await admin.client.get<InstanceStorage>('/api/admin/storage');
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        used: 140_000,
        quota: QUOTA + 50_000,
        perUserQuota: QUOTA,
        topUsers: [
          { user: { id: admin.user.id, firstName: 'Ada' }, used: 80_000, files: 1 },
          { user: { id: bob.user.id, firstName: 'Bob' }, used: 60_000, files: 1 },
        ],
      });
      expect((await bob.client.get('/api/admin/storage')).status).toBe(403);
    } finally {
      await full.close();
    }
  });
});
