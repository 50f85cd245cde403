import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../../config';

type S3Sdk = typeof import('@aws-sdk/client-s3');
let s3Sdk: Promise<S3Sdk> | undefined;
/**
 * The AWS SDK loads with a node's first S3 call: a node on local disk never imports it, nor
 * does a test file without S3 (0.3 s of each file's start; docs/performance.md, "`npm test`").
 */
const loadS3Sdk = () => {
  s3Sdk ??= import('@aws-sdk/client-s3');
  return s3Sdk;
};

/** What a stored object is made from: a finished temporary file (moved, not copied), or bytes. */
export type ObjectSource = { path: string; size: number } | { bytes: Buffer };

/**
 * Where file bytes live (docs/files.md): local disk under DATA_DIR/files, or an S3-compatible
 * bucket. Keys are `<channelId>/<random>` made by the service, never a sender's name.
 */
export interface FileStorage {
  put(key: string, source: ObjectSource, contentType: string): Promise<void>;
  /** The object's bytes, or null when it is gone. */
  get(key: string): Promise<Readable | null>;
  remove(keys: readonly string[]): Promise<void>;
  /** Every object under `<prefix>/` (a deleted channel's). */
  removePrefix(prefix: string): Promise<void>;
}

export function createFileStorage(config: Config): FileStorage {
  return config.files.s3
    ? new S3Storage(config.files.s3)
    : new DiskStorage(path.join(config.dataDir, 'files'));
}

/** Where uploads are received before they are checked: never the store itself. */
export const uploadTempDir = (config: Config) => path.join(config.dataDir, 'upload-tmp');

const SAFE_KEY = /^[0-9a-f-]{36}(\/[0-9a-f]{32}(\.thumb\.webp)?)?$/;

function checkedKey(key: string): string {
  // Keys are made by the service; this guards the path join below all the same.
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe file key: ${key}`);
  return key;
}

/** A rename, or a copy when DATA_DIR/files is mounted apart from DATA_DIR/upload-tmp. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  async put(key: string, source: ObjectSource): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    if ('bytes' in source) await writeFile(target, source.bytes);
    else await moveFile(source.path, target);
  }

  async get(key: string): Promise<Readable | null> {
    const stream = createReadStream(this.pathOf(key));
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (err: NodeJS.ErrnoException) =>
        err.code === 'ENOENT' ? resolve(null) : reject(err),
      );
    });
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}

class S3Storage implements FileStorage {
  private readonly bucket: string;
  private connection?: Promise<{ client: S3Client; sdk: S3Sdk }>;

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket;
  }

  private connect(): Promise<{ client: S3Client; sdk: S3Sdk }> {
    this.connection ??= loadS3Sdk().then((sdk) => ({ sdk, client: this.newClient(sdk) }));
    return this.connection;
  }

  private newClient({ S3Client }: S3Sdk): S3Client {
    const { config } = this;
    return new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 requires them: MinIO, Garage, Ceph and the like do not all
      // accept the SDK's newer streamed (aws-chunked) checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, source: ObjectSource, contentType: string): Promise<void> {
    const body =
      'bytes' in source
        ? { Body: source.bytes, ContentLength: source.bytes.length }
        : { Body: createReadStream(source.path), ContentLength: source.size };
    const { client, sdk } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        ContentType: contentType,
        ...body,
      }),
    );
  }

  async get(key: string): Promise<Readable | null> {
    const { client, sdk } = await this.connect();
    try {
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }),
      );
      return (res.Body as Readable | undefined) ?? null;
    } catch (err) {
      if ((err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const { client, sdk } = await this.connect();
    await client.send(
      new sdk.DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((key) => ({ Key: checkedKey(key) })), Quiet: true },
      }),
    );
  }

  async removePrefix(prefix: string): Promise<void> {
    checkedKey(prefix);
    const { client, sdk } = await this.connect();
    for (;;) {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/` }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      if (keys.length === 0) return;
      await this.remove(keys);
      if (!page.IsTruncated) return;
    }
  }
}
