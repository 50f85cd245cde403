/**
 * `npm run admin -- doctor` (docs/operations.md, "Checking a node"): what the node would
 * refuse at start (ops/cluster.ts), and whether what it depends on answers — the store and
 * its migrations, Redis, the files' bucket or disk, Janus, SMTP — plus TURN and PUBLIC_URL.
 * One line a check: OK, or what is wrong and what to do. Exit code 1 when any check fails.
 * With the embedded store, stop the node first (one process owns DATA_DIR).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import Janode from 'janode';
import nodemailer from 'nodemailer';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { clusterProblems } from './cluster';

export type Verdict = 'ok' | 'fail' | 'warn' | 'skip';

export interface Finding {
  verdict: Verdict;
  /** What was checked, in French. */
  name: string;
  /** OK: what was found; otherwise what is wrong and what to do. */
  detail: string;
}

/** A dependency that does not answer within this long counts as unreachable. */
const CHECK_TIMEOUT_MS = 5000;
/**
 * The embedded store starts a PostgreSQL of its own (and makes it, the first time): seconds
 * on a quiet machine, 40 s to over a minute on two cores at a load average of 45.
 */
const EMBEDDED_OPEN_TIMEOUT_MS = 180_000;

const LABEL: Record<Verdict, string> = {
  ok: 'OK',
  fail: 'ÉCHEC',
  warn: 'ATTENTION',
  skip: '—',
};

function withTimeout<T>(work: Promise<T>, what: string, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} : pas de réponse en ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) =>
  err instanceof Error ? err.message || err.name : String(err ?? 'erreur inconnue');

/** An address without its password, for a line an operator may paste somewhere. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

export async function checkStore(database: Database): Promise<Finding> {
  const where = database.kind === 'embedded' ? 'stockage intégré (DATA_DIR)' : 'PostgreSQL';
  try {
    await withTimeout(database.sql`select 1`, where);
    return { verdict: 'ok', name: 'Stockage', detail: `${where} joignable` };
  } catch (err) {
    return { verdict: 'fail', name: 'Stockage', detail: `${where} injoignable : ${reason(err)}` };
  }
}

/** Drizzle applies the journal's migrations made after the last one it recorded. */
async function checkMigrations(database: Database): Promise<Finding> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number; tag: string }[] };
  let last = 0;
  try {
    const rows = await withTimeout(
      database.sql<{ at: string | null }[]>`
        select max(created_at)::text as at from drizzle.__drizzle_migrations`,
      'les migrations',
    );
    last = Number(rows[0]?.at ?? 0);
  } catch (err) {
    // No table yet: nothing was ever applied (a fresh database).
    if ((err as { code?: string }).code !== '42P01') {
      return { verdict: 'fail', name: 'Migrations', detail: `illisibles : ${reason(err)}` };
    }
  }
  const pending = journal.entries.filter((entry) => entry.when > last);
  if (pending.length === 0) {
    return {
      verdict: 'ok',
      name: 'Migrations',
      detail: `à jour (${journal.entries.length}, dernière ${journal.entries.at(-1)?.tag ?? '—'})`,
    };
  }
  return {
    verdict: 'fail',
    name: 'Migrations',
    detail: `${pending.length} en attente (${pending[0]?.tag}…) : npm run admin -- migrate, ou démarrez un nœud de cette version`,
  };
}

export async function checkRedis(url: string): Promise<Finding> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: CHECK_TIMEOUT_MS,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await withTimeout(
      redis.connect().then(() => redis.ping()),
      'Redis',
    );
    return { verdict: 'ok', name: 'Redis', detail: `${redact(url)} répond` };
  } catch (err) {
    return {
      verdict: 'fail',
      name: 'Redis',
      detail: `${redact(url)} injoignable : ${reason(err)} (REDIS_URL)`,
    };
  } finally {
    redis.disconnect();
  }
}

/** Writes, reads back and removes one small object: what an upload and a download do. */
export async function checkFiles(config: Config, env: NodeJS.ProcessEnv): Promise<Finding> {
  const body = `ruche doctor ${randomUUID()}`;
  const s3 = config.files.s3;
  if (s3) {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const key = `ruche-doctor/${randomUUID()}`;
    try {
      await withTimeout(
        (async () => {
          await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
          const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
          const read = await got.Body?.transformToString();
          if (read !== body) throw new Error('l’objet relu diffère de l’objet écrit');
          await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
        })(),
        'S3',
      );
      return {
        verdict: 'ok',
        name: 'Fichiers',
        detail: `bucket ${s3.bucket} sur ${s3.endpoint} : écriture, lecture et suppression`,
      };
    } catch (err) {
      const name = (err as { name?: string }).name;
      const hint =
        name === 'NoSuchBucket'
          ? `le bucket ${s3.bucket} n’existe pas : créez-le`
          : name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch'
            ? 'clés refusées : vérifiez S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY'
            : name === 'AccessDenied'
              ? `ces clés ne peuvent pas écrire dans ${s3.bucket}`
              : reason(err);
      return {
        verdict: 'fail',
        name: 'Fichiers',
        detail: `bucket ${s3.bucket} sur ${s3.endpoint} inutilisable : ${hint}`,
      };
    } finally {
      client.destroy();
    }
  }
  const dir = path.join(config.dataDir, 'files');
  const probe = path.join(dir, `.ruche-doctor-${randomUUID()}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, body);
    if ((await readFile(probe, 'utf8')) !== body) throw new Error('relu différent');
    await rm(probe);
  } catch (err) {
    return {
      verdict: 'fail',
      name: 'Fichiers',
      detail: `${dir} inutilisable : ${reason(err)} (droits du dossier, place libre)`,
    };
  }
  const shared = env.FILES_DIR_SHARED === 'true' ? ', déclaré partagé (FILES_DIR_SHARED)' : '';
  return { verdict: 'ok', name: 'Fichiers', detail: `disque local ${dir}${shared} : écriture` };
}

interface JanusInfo {
  version_string?: string;
  name?: string;
  plugins?: Record<string, unknown>;
}

export async function checkJanus(url: string | undefined): Promise<Finding> {
  if (!url) {
    return {
      verdict: 'skip',
      name: 'Janus',
      detail:
        'non configuré (JANUS_URL) : salons vocaux et vidéo entre navigateurs directement, pour quelques personnes (docs/calls.md)',
    };
  }
  let connection: Awaited<ReturnType<typeof Janode.connect>> | undefined;
  try {
    connection = await withTimeout(
      Janode.connect({ address: [{ url }], max_retries: 0, retry_time_secs: 1 }),
      'Janus',
    );
    connection.on('error', () => {});
    const live = connection as unknown as { getInfo(): Promise<JanusInfo> };
    const info = await withTimeout(live.getInfo(), 'Janus');
    if (!info.plugins?.['janus.plugin.videoroom']) {
      return {
        verdict: 'fail',
        name: 'Janus',
        detail: `${url} répond, mais sans le greffon VideoRoom : activez janus.plugin.videoroom`,
      };
    }
    return {
      verdict: 'ok',
      name: 'Janus',
      detail:
        `${url} répond (${info.name ?? 'Janus'} ${info.version_string ?? ''}, VideoRoom)`.replace(
          ' ,',
          ',',
        ),
    };
  } catch (err) {
    return {
      verdict: 'fail',
      name: 'Janus',
      detail: `${url} injoignable : ${reason(err)} (JANUS_URL ; Janus écoute-t-il en WebSocket ?)`,
    };
  } finally {
    await connection?.close().catch(() => {});
  }
}

function checkTurn(config: Config): Finding {
  const turn = config.calls.turn;
  if (turn) {
    return { verdict: 'ok', name: 'TURN', detail: `configuré : ${turn.urls.join(', ')}` };
  }
  return {
    verdict: 'warn',
    name: 'TURN',
    detail:
      'non configuré : les personnes derrière un NAT strict ou un pare-feu d’entreprise ne pourront pas appeler ; lancez coturn et donnez TURN_SECRET et TURN_URLS (docs/operations.md)',
  };
}

function checkPublicUrl(config: Config, clustered: boolean): Finding {
  if (config.publicUrl) {
    return {
      verdict: config.publicUrl.startsWith('https://') ? 'ok' : 'warn',
      name: 'PUBLIC_URL',
      detail: config.publicUrl.startsWith('https://')
        ? config.publicUrl
        : `${config.publicUrl} : sans https://, les cookies ne sont pas Secure ; à réserver aux essais`,
    };
  }
  return {
    verdict: clustered ? 'fail' : 'warn',
    name: 'PUBLIC_URL',
    detail:
      'absent : donnez l’adresse publique (https://ruche.exemple.fr) ; derrière un mandataire, les cookies Secure, la vérification d’origine et les liens des e-mails en dépendent',
  };
}

export async function checkSmtp(config: Config): Promise<Finding> {
  if (!config.smtp) {
    return {
      verdict: 'skip',
      name: 'SMTP',
      detail:
        'non configuré (SMTP_URL) : ni vérification d’adresse ni mot de passe oublié par e-mail',
    };
  }
  const transport = nodemailer.createTransport(config.smtp.url);
  try {
    await withTimeout(transport.verify(), 'SMTP');
    return {
      verdict: 'ok',
      name: 'SMTP',
      detail: `${redact(config.smtp.url)} accepte la connexion`,
    };
  } catch (err) {
    return {
      verdict: 'fail',
      name: 'SMTP',
      detail: `${redact(config.smtp.url)} injoignable ou refuse la connexion : ${reason(err)} (SMTP_URL)`,
    };
  } finally {
    transport.close();
  }
}

/** Every check, in the order an operator would fix them. */
export async function diagnose(env: NodeJS.ProcessEnv): Promise<Finding[]> {
  const findings: Finding[] = [];
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    const lines = reason(err)
      .replace(/^Invalid configuration:\n/, '')
      .split('\n');
    for (const line of lines)
      findings.push({ verdict: 'fail', name: 'Configuration', detail: line });
    return findings;
  }
  findings.push({ verdict: 'ok', name: 'Configuration', detail: 'variables valides' });

  const clustered = Boolean(config.redisUrl);
  const problems = clusterProblems(env);
  for (const line of problems) findings.push({ verdict: 'fail', name: 'Grappe', detail: line });
  if (problems.length === 0) {
    findings.push({
      verdict: 'ok',
      name: 'Grappe',
      detail: clustered
        ? 'stockage, fichiers et secrets partagés par les nœuds'
        : 'un seul nœud (REDIS_URL absent)',
    });
  }
  findings.push(checkPublicUrl(config, clustered));

  let database: Database | undefined;
  try {
    database = await withTimeout(
      openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, max: 1 }),
      'le stockage',
      config.databaseUrl ? CHECK_TIMEOUT_MS : EMBEDDED_OPEN_TIMEOUT_MS,
    );
  } catch (err) {
    findings.push({
      verdict: 'fail',
      name: 'Stockage',
      detail: `ne s’ouvre pas : ${reason(err)}${config.databaseUrl ? ' (DATABASE_URL)' : ' (stockage intégré : arrêtez d’abord le nœud qui le tient)'}`,
    });
  }
  if (database) {
    try {
      const store = await checkStore(database);
      findings.push(store);
      if (store.verdict === 'ok') findings.push(await checkMigrations(database));
    } finally {
      await database.close().catch(() => {});
    }
  }

  const [redis, files, janus, smtp] = await Promise.all([
    config.redisUrl
      ? checkRedis(config.redisUrl)
      : Promise.resolve<Finding>({
          verdict: 'skip',
          name: 'Redis',
          detail: 'non configuré (un seul nœud)',
        }),
    checkFiles(config, env),
    checkJanus(config.janusUrl),
    checkSmtp(config),
  ]);
  findings.push(redis, files, janus, checkTurn(config), smtp);
  return findings;
}

/** Prints the findings; 1 when one failed, else 0. */
export async function runDoctor(
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<number> {
  Janode.Logger.setLevel('none');
  const findings = await diagnose(env);
  const width = Math.max(...Object.values(LABEL).map((l) => l.length));
  for (const f of findings) out(`${LABEL[f.verdict].padEnd(width)}  ${f.name} : ${f.detail}`);
  const failed = findings.filter((f) => f.verdict === 'fail').length;
  out(
    failed === 0
      ? 'Aucun échec.'
      : `${failed} échec${failed > 1 ? 's' : ''} : ce nœud ne devrait pas recevoir de trafic.`,
  );
  return failed === 0 ? 0 : 1;
}
