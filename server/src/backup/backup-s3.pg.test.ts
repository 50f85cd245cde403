import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelFile } from '#shared/files';
import { runAdmin } from '../../test/admin-command';
import { buildChannel } from '../../test/chat-factories';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startS3, type TestS3 } from '../../test/s3-store';
import { startTestServer } from '../../test/server';
import { createTestStore, type TestStoreHandle } from '../../test/stores';

const stores: TestStoreHandle[] = [];
let work: string;
let s3: TestS3;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ruche-backup-s3-test-'));
  s3 = await startS3();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.drop()));
  await s3?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

async function freshStore(): Promise<TestStoreHandle> {
  const store = await createTestStore();
  stores.push(store);
  return store;
}

const admin = (store: TestStoreHandle, env: Record<string, string>, ...args: string[]) =>
  runAdmin(store, args, env);

describe('backup and restore with files on S3', () => {
  it('puts an archive’s files into the bucket, and leaves them out of an archive with a note', async () => {
    const source = await freshStore();
    const server = await startTestServer({ store: source });
    const bytes = Buffer.from(randomBytes(12 * 1024).toString('base64'));
    const alice = await buildUser(server, { email: 'alice@ruche.test' });
    let file: ChannelFile;
    try {
      const channel = await buildChannel(alice, { name: 'général' });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), 'notes.txt');
      const res = await alice.client.post<ChannelFile>(
        `/api/channels/${channel.id}/files/upload`,
        form,
      );
      expect(res.status).toBe(201);
      file = res.body;
    } finally {
      await server.close();
    }
    const fromDisk = path.join(work, 'disque.tar');
    await admin(source, {}, 'backup', fromDisk);

    // Restored where files live on S3: they go to the bucket.
    const target = await freshStore();
    const restore = await admin(target, s3.env, 'restore', fromDisk);
    expect(restore.stdout).toContain('Fichiers : 1 envoyés dans le seau S3');
    expect(await s3.keys('')).toHaveLength(1);
    const again = await startTestServer({ store: target, env: s3.env });
    try {
      const client = new TestClient(again.url);
      expect(
        (
          await client.post('/api/auth/login', {
            email: 'alice@ruche.test',
            password: alice.password,
          })
        ).status,
      ).toBe(200);
      const download = await fetch(new URL(file.url, again.url), {
        headers: { cookie: client.cookieHeader },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    } finally {
      await again.close();
    }

    // Backed up where files live on S3: the archive says so instead of holding them.
    const fromS3 = path.join(work, 's3.tar');
    const backup = await admin(target, s3.env, 'backup', fromS3);
    expect(backup.stdout).toContain('PAS dans cette archive');
    const entries: string[] = [];
    await tar.t({ file: fromS3, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toContain('S3-LISEZMOI.txt');
    expect(entries.filter((entry) => entry.startsWith('files'))).toEqual([]);
  }, 480_000);
});
