/**
 * `npm run admin -- doctor` as an operator types it, against the machine's PostgreSQL and
 * Redis, an S3 server (s3rver), Janus (when installed) and an SMTP server, all on loopback:
 * each check says OK, or what is wrong and what to do, and the exit code says whether any
 * failed. A .pg test (a cluster's node); one case opens a new embedded store.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { janusInstalled } from '../../../scripts/janus.mjs';
import { startTestJanus } from '../../test/janus';
import { startS3, type TestS3 } from '../../test/s3-store';
import { freePort } from '../../test/server';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import {
  createTestStore,
  databaseUrlFor,
  TEST_DATABASE_URL,
  type TestStoreHandle,
} from '../../test/stores';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const withJanus = janusInstalled();

let store: TestStoreHandle;
let s3: TestS3;
let smtp: TestSmtpServer;
let janus: Awaited<ReturnType<typeof startTestJanus>> | undefined;
let closedPort: number;

beforeAll(async () => {
  [store, s3, smtp, janus, closedPort] = await Promise.all([
    createTestStore('postgres'),
    startS3(),
    startSmtpServer(),
    withJanus ? startTestJanus() : Promise.resolve(undefined),
    freePort(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([s3?.stop(), smtp?.close(), janus?.stop()]);
  await store?.drop();
});

/** A cluster node's whole environment (what compose.yaml gives each app service). */
const soundEnv = (): NodeJS.ProcessEnv => ({
  DATABASE_URL: store.databaseUrl,
  DATA_DIR: store.dataDir,
  REDIS_URL,
  ...s3.env,
  SESSION_SECRET: 'doctor-test-secret-doctor-test-secret-0',
  CALENDAR_TOKEN_KEY: Buffer.alloc(32, 3).toString('base64'),
  VAPID_PUBLIC_KEY: 'BDoctorTestPublicKey',
  VAPID_PRIVATE_KEY: 'doctorTestPrivateKey',
  PUBLIC_URL: 'https://ruche.test',
  TURN_SECRET: 'doctor-turn-secret-0123456789',
  TURN_URLS: 'turn:turn.ruche.test:3478',
  SMTP_URL: smtp.url,
  ...(janus ? { JANUS_URL: janus.url } : {}),
});

interface Outcome {
  code: number;
  lines: string[];
}

/** `npm run admin -- doctor` with exactly this environment (nothing from the test's shell). */
async function doctor(env: NodeJS.ProcessEnv): Promise<Outcome> {
  const shell = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent' };
  const done = await run(
    path.join(root, 'node_modules/.bin/tsx'),
    ['server/src/admin.ts', 'doctor'],
    {
      cwd: root,
      env: { ...shell, ...env },
      timeout: 240_000,
    },
  ).then(
    (r) => ({ code: 0, stdout: r.stdout }),
    (err: { code?: number; stdout?: string }) => ({
      code: err.code ?? -1,
      stdout: err.stdout ?? '',
    }),
  );
  return { code: done.code, lines: done.stdout.trim().split('\n') };
}

/** The line of one check (its verdict and detail), e.g. line(out, 'Redis'). */
const line = (out: Outcome, name: string) =>
  out.lines.filter((l) => new RegExp(`^\\S+\\s+${name} : `).test(l));

describe('npm run admin -- doctor', () => {
  it('a sound cluster node: every check OK, exit 0', async () => {
    const out = await doctor(soundEnv());
    expect(out.code, out.lines.join('\n')).toBe(0);
    expect(line(out, 'Configuration')).toEqual([expect.stringMatching(/^OK\s+Configuration : /)]);
    expect(line(out, 'Grappe')).toEqual([
      expect.stringMatching(/^OK\s+Grappe : stockage, fichiers et secrets partagés/),
    ]);
    expect(line(out, 'PUBLIC_URL')).toEqual([
      expect.stringMatching(/^OK\s+PUBLIC_URL : https:\/\/ruche\.test$/),
    ]);
    expect(line(out, 'Stockage')).toEqual([
      expect.stringMatching(/^OK\s+Stockage : PostgreSQL joignable/),
    ]);
    expect(line(out, 'Migrations')).toEqual([
      expect.stringMatching(/^OK\s+Migrations : à jour \(\d+, dernière \d{4}_/),
    ]);
    expect(line(out, 'Redis')).toEqual([
      expect.stringMatching(/^OK\s+Redis : redis:\/\/127\.0\.0\.1:6379 répond/),
    ]);
    expect(line(out, 'Fichiers')).toEqual([
      expect.stringMatching(
        /^OK\s+Fichiers : bucket ruche-test sur http:\/\/127\.0\.0\.1:\d+ : écriture, lecture et suppression$/,
      ),
    ]);
    // The probe object is gone: the bucket holds nothing of the doctor's.
    expect(await s3.keys('ruche-doctor/')).toEqual([]);
    expect(line(out, 'TURN')).toEqual([
      expect.stringMatching(/^OK\s+TURN : configuré : turn:turn\.ruche\.test:3478$/),
    ]);
    expect(line(out, 'SMTP')).toEqual([
      expect.stringMatching(/^OK\s+SMTP : smtp:\/\/127\.0\.0\.1:\d+\/? accepte la connexion$/),
    ]);
    expect(line(out, 'Janus')).toEqual([
      withJanus
        ? expect.stringMatching(/^OK\s+Janus : ws:\/\/127\.0\.0\.1:\d+ répond \(.*VideoRoom\)$/)
        : expect.stringMatching(/^—\s+Janus : non configuré/),
    ]);
    expect(out.lines.at(-1)).toBe('Aucun échec.');
  }, 90_000);

  it('a broken cluster node: each failure named with what to do, exit 1', async () => {
    const dead = `127.0.0.1:${closedPort}`;
    const env = soundEnv();
    for (const key of ['SESSION_SECRET', 'VAPID_PRIVATE_KEY', 'TURN_SECRET', 'TURN_URLS']) {
      delete env[key];
    }
    const out = await doctor({
      ...env,
      REDIS_URL: `redis://${dead}`,
      S3_BUCKET: 'pas-de-bucket',
      JANUS_URL: `ws://${dead}`,
      SMTP_URL: `smtp://${dead}`,
      PUBLIC_URL: 'http://ruche.test',
    });
    expect(out.code, out.lines.join('\n')).toBe(1);
    expect(line(out, 'Grappe')).toEqual([
      expect.stringMatching(/^ÉCHEC\s+Grappe : SESSION_SECRET: requis avec REDIS_URL/),
      expect.stringMatching(/^ÉCHEC\s+Grappe : VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: requises/),
    ]);
    expect(line(out, 'PUBLIC_URL')).toEqual([
      expect.stringMatching(
        /^ATTENTION\s+PUBLIC_URL : http:\/\/ruche\.test : sans https:\/\/, les cookies ne sont pas Secure/,
      ),
    ]);
    expect(line(out, 'Stockage')).toEqual([expect.stringMatching(/^OK\s+Stockage/)]);
    expect(line(out, 'Redis')).toEqual([
      expect.stringMatching(
        new RegExp(`^ÉCHEC\\s+Redis : redis://${dead} injoignable : .*\\(REDIS_URL\\)$`),
      ),
    ]);
    expect(line(out, 'Fichiers')).toEqual([
      expect.stringMatching(
        /^ÉCHEC\s+Fichiers : bucket pas-de-bucket .* inutilisable : le bucket pas-de-bucket n’existe pas : créez-le$/,
      ),
    ]);
    expect(line(out, 'Janus')).toEqual([
      expect.stringMatching(new RegExp(`^ÉCHEC\\s+Janus : ws://${dead} injoignable : `)),
    ]);
    expect(line(out, 'TURN')).toEqual([
      expect.stringMatching(/^ATTENTION\s+TURN : non configuré : .*TURN_SECRET et TURN_URLS/),
    ]);
    expect(line(out, 'SMTP')).toEqual([expect.stringMatching(/^ÉCHEC\s+SMTP : .*\(SMTP_URL\)$/)]);
    expect(out.lines.at(-1)).toBe('6 échecs : ce nœud ne devrait pas recevoir de trafic.');
  }, 90_000);

  it('a database the migrations have not reached: how many are pending and the command to run', async () => {
    const name = `${inject('rucheTemplates').databasePrefix}${process.pid}_doctor_empty`;
    const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const out = await doctor({ ...soundEnv(), DATABASE_URL: databaseUrlFor(name) });
    expect(out.code).toBe(1);
    expect(line(out, 'Migrations')).toEqual([
      expect.stringMatching(
        /^ÉCHEC\s+Migrations : \d+ en attente \(0000_init…\) : npm run admin -- migrate/,
      ),
    ]);
  }, 90_000);

  it('one node on a new embedded store: it opens, every migration pending, single-node checks', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-doctor-'));
    try {
      const out = await doctor({ DATA_DIR: dataDir });
      expect(out.code, out.lines.join('\n')).toBe(1);
      expect(line(out, 'Grappe')).toEqual([expect.stringMatching(/^OK\s+Grappe : un seul nœud/)]);
      expect(line(out, 'Stockage')).toEqual([
        expect.stringMatching(/^OK\s+Stockage : stockage intégré \(DATA_DIR\) joignable$/),
      ]);
      expect(line(out, 'Migrations')).toEqual([
        expect.stringMatching(/^ÉCHEC\s+Migrations : \d+ en attente \(0000_init…\)/),
      ]);
      expect(line(out, 'Fichiers')).toEqual([
        expect.stringMatching(/^OK\s+Fichiers : disque local .*\/files : écriture$/),
      ]);
      expect(line(out, 'Redis')).toEqual([expect.stringMatching(/^—\s+Redis : non configuré/)]);
      expect(line(out, 'TURN')).toEqual([expect.stringMatching(/^ATTENTION\s+TURN/)]);
      expect(line(out, 'PUBLIC_URL')).toEqual([
        expect.stringMatching(/^ATTENTION\s+PUBLIC_URL : absent/),
      ]);
      expect(out.lines.at(-1)).toBe('1 échec : ce nœud ne devrait pas recevoir de trafic.');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('an invalid configuration is the first and only finding', async () => {
    const out = await doctor({ ...soundEnv(), SESSION_SECRET: 'trop-court' });
    expect(out.code).toBe(1);
    expect(out.lines[0]).toMatch(/^ÉCHEC\s+Configuration : SESSION_SECRET: /);
    expect(line(out, 'Stockage')).toEqual([]);
  }, 60_000);
});
