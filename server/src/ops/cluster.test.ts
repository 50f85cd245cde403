/**
 * A node of a cluster (REDIS_URL set) refuses to start when what it would keep for itself
 * differs from the other nodes': its own embedded store, files on its own disk, a secret it
 * generates into its own DATA_DIR (docs/operations.md, "One node or two").
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server';
import { clusterProblems } from './cluster';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** A cluster node's environment with everything it must share. */
const SOUND: NodeJS.ProcessEnv = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  DATABASE_URL: 'postgres://ruche@127.0.0.1:5432/ruche',
  S3_ENDPOINT: 'http://127.0.0.1:8333',
  S3_BUCKET: 'ruche',
  S3_ACCESS_KEY_ID: 'ruche',
  S3_SECRET_ACCESS_KEY: 'ruche-secret',
  SESSION_SECRET: 'cluster-test-secret-cluster-test-secret',
  CALENDAR_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
  VAPID_PUBLIC_KEY: 'BPublicKeyOfTheCluster',
  VAPID_PRIVATE_KEY: 'privateKeyOfTheCluster',
};

const without = (...names: string[]) =>
  Object.fromEntries(Object.entries(SOUND).filter(([k]) => !names.includes(k)));

describe('what a cluster node must share', () => {
  it('a sound cluster, and a single node, have nothing to refuse', () => {
    expect(clusterProblems(SOUND)).toEqual([]);
    // Alone, a node may generate its secrets and keep files and store on its disk.
    expect(clusterProblems({})).toEqual([]);
    expect(clusterProblems({ DATABASE_URL: SOUND.DATABASE_URL })).toEqual([]);
  });

  it.each([
    [
      ['DATABASE_URL'],
      /^DATABASE_URL: requis avec REDIS_URL \(sans lui, chaque nœud a son propre stockage/,
    ],
    [
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
      /^S3_ENDPOINT: requis avec REDIS_URL \(un fichier reçu par un nœud resterait sur son disque.*FILES_DIR_SHARED=true/,
    ],
    [['SESSION_SECRET'], /^SESSION_SECRET: requis avec REDIS_URL, le même sur chaque nœud/],
    [['CALENDAR_TOKEN_KEY'], /^CALENDAR_TOKEN_KEY: requis avec REDIS_URL, la même sur chaque nœud/],
    [['VAPID_PUBLIC_KEY'], /^VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: requises avec REDIS_URL/],
    [['VAPID_PRIVATE_KEY'], /^VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: requises avec REDIS_URL/],
  ])('without %j: one line naming it', (names, line) => {
    const problems = clusterProblems(without(...names));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(line);
  });

  it('files on a disk every node shares are declared with FILES_DIR_SHARED=true', () => {
    const local = without('S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
    expect(clusterProblems({ ...local, FILES_DIR_SHARED: 'true' })).toEqual([]);
    expect(clusterProblems({ ...local, FILES_DIR_SHARED: 'false' })).toHaveLength(1);
    expect(clusterProblems({ ...SOUND, FILES_DIR_SHARED: 'oui' })).toEqual([
      'FILES_DIR_SHARED: true ou false',
    ]);
  });

  it('a blank secret counts as none (CALENDAR_TOKEN_KEY="" used to mean "generate one")', () => {
    expect(clusterProblems({ ...SOUND, CALENDAR_TOKEN_KEY: ' ' })).toHaveLength(1);
  });
});

describe('a misconfigured cluster node refuses to start', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('server/src/main.ts exits non-zero, one line per problem, before it listens or opens a store', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-cluster-'));
    dirs.push(dataDir);
    const port = await freePort();
    // Every variable of the caller's shell that could make the node whole is left out.
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
    const node = run(path.join(root, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
      cwd: root,
      env: {
        ...env,
        // Nothing listens there: were the check to pass, opening the store would fail
        // differently (and later).
        DATABASE_URL: 'postgres://ruche@127.0.0.1:9/ruche',
        REDIS_URL: 'redis://127.0.0.1:9',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      },
      timeout: 60_000,
    });
    const failure = (await node.then(
      () => null,
      (err: unknown) => err,
    )) as { code?: number; stderr?: string } | null;
    expect(failure?.code).toBe(1);
    const stderr = failure?.stderr ?? '';
    expect(stderr).toContain('Invalid configuration:');
    for (const start of [
      'S3_ENDPOINT: requis avec REDIS_URL',
      'SESSION_SECRET: requis avec REDIS_URL',
      'CALENDAR_TOKEN_KEY: requis avec REDIS_URL',
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: requises avec REDIS_URL',
    ]) {
      expect(stderr.split('\n').filter((line) => line.startsWith(start))).toHaveLength(1);
    }
    // It never got as far as the store (its error would name the connection).
    expect(stderr).not.toMatch(/ECONNREFUSED|StoreUnavailable/);
    expect(await readdir(dataDir)).not.toContain('embedded');
  }, 90_000);
});

describe('npm run admin -- gen-env', () => {
  it('makes a .env whose secrets a cluster node accepts, fresh each time', async () => {
    const { generateEnv } = await import('./gen-env');
    const { loadConfig } = await import('../config');
    const parse = (text: string) =>
      Object.fromEntries(
        text
          .split('\n')
          .filter((l) => l && !l.startsWith('#'))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    const first = parse(generateEnv('https://ruche.exemple.fr/'));
    const second = parse(generateEnv('https://ruche.exemple.fr'));
    expect(first.PUBLIC_URL).toBe('https://ruche.exemple.fr');
    expect(first.RUCHE_SITE).toBe('ruche.exemple.fr');
    for (const key of [
      'SESSION_SECRET',
      'CALENDAR_TOKEN_KEY',
      'VAPID_PRIVATE_KEY',
      'POSTGRES_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
      'TURN_SECRET',
    ]) {
      expect(first[key], key).not.toBe(second[key]);
    }
    const env = {
      ...first,
      REDIS_URL: 'redis://redis:6379',
      DATABASE_URL: `postgres://ruche:${first.POSTGRES_PASSWORD}@postgres:5432/ruche`,
      S3_ENDPOINT: 'http://s3:8333',
      S3_BUCKET: 'ruche',
      TURN_URLS: `turn:${first.TURN_HOST}:3478`,
    };
    expect(clusterProblems(env)).toEqual([]);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-gen-env-'));
    try {
      const config = loadConfig({ ...env, DATA_DIR: dataDir });
      expect(config.calendar.tokenKey).toHaveLength(32);
      expect(config.sessionSecret).toBe(first.SESSION_SECRET);
      // The pair is one web-push accepts (a 65-byte P-256 point, a 32-byte scalar).
      expect(Buffer.from(first.VAPID_PUBLIC_KEY as string, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.VAPID_PRIVATE_KEY as string, 'base64url')).toHaveLength(32);
      // Nothing was generated into the node's own DATA_DIR.
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
