import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The bucket the file tests use on their S3-compatible server. */
export const TEST_BUCKET = 'ruche-test';

export interface TestS3 {
  /** What a server needs to store its files there (docs/files.md, "Storage"). */
  env: Record<string, string>;
  client: S3Client;
  /** Every key under a prefix ('' for the whole bucket). */
  keys(prefix: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** An S3-compatible server (s3rver) on loopback, its data in a temporary folder. */
export async function startS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ruche-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    client,
    async keys(prefix) {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix }),
      );
      return (page.Contents ?? []).map((o) => o.Key ?? '');
    },
    async stop() {
      client.destroy();
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder, recursively; none when it does not exist. */
export async function listTree(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
