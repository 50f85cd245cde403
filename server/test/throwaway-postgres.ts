/**
 * A PostgreSQL server of a test's own, in a temporary folder, that the test stops and starts
 * as an operator restarts theirs (`pg_ctl stop -m fast`, then start): the faults a restart
 * gives a node (sessions ended with 57P01, connections refused while it is down, 57P03 while
 * it starts) are the real ones, which a relay cut (tcp-proxy.ts) does not give. The
 * machine's PostgreSQL is shared by every test file and is never touched.
 *
 * PostgreSQL refuses to run as root: under root (a container, CI) the cluster is made and
 * run as the `postgres` account.
 */
import { type ExecFileOptions, execFile, execFileSync } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { freePort } from './server';
import type { TestStoreHandle } from './stores';

const run = promisify(execFile);

/** The server's binaries: PG_BIN when set, else the first found on PATH. */
const bin = (name: string) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

/** Under root, who runs PostgreSQL instead. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export class ThrowawayPostgres {
  private constructor(
    private readonly folder: string,
    readonly port: number,
    private readonly account: { uid: number; gid: number } | undefined,
  ) {}

  /** A new cluster, started, with one database migrated as the app's (`store()`). */
  static async start(): Promise<ThrowawayPostgres> {
    const folder = await mkdtemp(path.join(tmpdir(), 'ruche-throwaway-pg-'));
    const account = runAs();
    if (account) await chown(folder, account.uid, account.gid);
    const pg = new ThrowawayPostgres(folder, await freePort(), account);
    await pg.exec('initdb', [
      '-D',
      pg.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    await pg.startServer();
    const admin = postgres(pg.url('postgres'), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe('create database ruche');
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ databaseUrl: pg.url('ruche'), dataDir: folder });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    return pg;
  }

  private get dataDir(): string {
    return path.join(this.folder, 'data');
  }

  url(database = 'ruche'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** The store handle startTestServer takes; dropping it stops the server and removes it. */
  store(): TestStoreHandle {
    return {
      databaseUrl: this.url(),
      dataDir: this.folder,
      drop: () => this.destroy(),
    };
  }

  /** Stop as an operator does before a restart: sessions are ended (57P01), then it exits. */
  async stop(): Promise<void> {
    await this.exec('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'fast', '-w']);
  }

  /** Start again, and return once it accepts connections. */
  async startServer(): Promise<void> {
    await this.exec('pg_ctl', [
      'start',
      '-D',
      this.dataDir,
      '-w',
      '-l',
      path.join(this.folder, 'server.log'),
      '-o',
      // Loopback only, its socket file in its own folder, no fsync (a test's data).
      `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
    ]);
  }

  async destroy(): Promise<void> {
    await this.exec('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'immediate', '-w']).catch(
      () => {},
    );
    await rm(this.folder, { recursive: true, force: true });
  }

  private async exec(name: string, args: string[]): Promise<void> {
    const options: ExecFileOptions = { ...this.account, env: { ...process.env, LC_ALL: 'C' } };
    await run(bin(name), args, options);
  }
}
