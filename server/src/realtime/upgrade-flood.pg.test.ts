/**
 * docs/realtime.md, "Admission": anonymous and slow clients cost the members nothing. A real
 * node (its own process, the server's default limits) on loopback; the hostile clients run
 * in a worker thread (test/hostile-clients.mjs), the member on this thread, so that each
 * side's own work does not show in the other's timings. PostgreSQL only: the flood's
 * figures need a node process, which the embedded store does not allow beside the tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TestClient } from '../../test/client';
import { type NodeProcess, startNodeProcess } from '../../test/node-process';
import { createTestStore, type TestStoreHandle } from '../../test/stores';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hostileClients = new URL('../../test/hostile-clients.mjs', import.meta.url);

function inWorker<T>(data: Record<string, unknown>): Promise<T> {
  return startWorker<T>(data).then(({ result }) => result);
}

/** A worker of test/hostile-clients.mjs: its first message, and the worker to stop it by. */
function startWorker<T>(data: Record<string, unknown>): Promise<{ result: T; worker: Worker }> {
  const worker = new Worker(hostileClients, { workerData: data });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: T) => resolve({ result, worker }));
    worker.once('error', reject);
  });
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
};

/**
 * The member's API p99 under attack must stay under 100 ms (docs/realtime.md, "Admission"), or
 * under three times its p99 without the attack on Ruche, when the machine itself is that slow
 * (other work beside the suite): a bound that only Ruche's cost of the attack can break. The
 * baseline is measured just before, and — when the attack's p99 is past the bound that gives,
 * the machine having perhaps grown busier meanwhile — once more just after, the larger of the
 * two bounding it (each measured as the attack's, `baseline` making the same load).
 */
async function expectUnderBaseline(
  times: number[],
  before: number[],
  baseline: () => Promise<number[]>,
  annotate: (message: string) => Promise<unknown>,
): Promise<void> {
  const bound = (quiet: number[]) => Math.max(100, 3 * p99(quiet));
  if (p99(times) < bound(before)) return;
  const after = await baseline();
  await annotate(
    `past the first bound: the baseline again after the attack, API p99 ${p99(after).toFixed(0)} ms over ${after.length} calls`,
  );
  expect(p99(times)).toBeLessThan(Math.max(bound(before), bound(after)));
}

/** CPU time (ms) a process has used so far, from /proc (user + system, in 10 ms ticks). */
async function cpuMs(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The member's API calls, one after another every 10 ms, until `until` settles: each one's time. */
async function memberCalls(client: TestClient, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await client.get('/api/channels');
    times.push(performance.now() - started);
    expect(res.status).toBe(200);
    await sleep(10);
  }
  return times;
}

/** The member's socket: 'ready' when admitted at once, else the close code or HTTP status. */
function reconnect(url: string, cookie: string): Promise<'ready' | number> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { cookie, origin: url } });
  return new Promise((resolve) => {
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('message', () => {
      resolve('ready');
      ws.terminate();
    });
    ws.once('close', (code) => resolve(code));
    ws.once('error', () => resolve(0));
  });
}

describe('hostile clients beside a member', () => {
  let store: TestStoreHandle;
  let dataDir: string;
  let node: NodeProcess;
  let member: TestClient;
  /** The bare server a flood's baseline is sent to. */
  let refuser: { url: string; worker: Worker };

  beforeAll(async () => {
    const started = await startWorker<{ url: string }>({ kind: 'refuser' });
    refuser = { url: started.result.url, worker: started.worker };
    store = await createTestStore('postgres');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-flood-'));
    // The server's own admission and overload limits: the flood must not spend them.
    node = await startNodeProcess(
      {
        DATABASE_URL: store.databaseUrl as string,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'flood-test-secret-flood-test-secret-0123',
      },
      { overloadGuard: 'defaults' },
    );
    member = new TestClient(node.url);
    const email = `membre-${randomUUID().slice(0, 8)}@ruche.test`;
    const signUp = await member.post('/api/auth/register', {
      email,
      password: 'mot-de-passe-sûr',
      firstName: 'Camille',
      lastName: 'Martin',
    });
    expect(signUp.status).toBe(201);
    // Warm: the first requests of a fresh process compile their paths.
    for (let i = 0; i < 20; i++) await member.get('/api/channels');
    // Past the node's own start timeout (test/node-process.ts).
  }, 180_000);

  afterAll(async () => {
    await refuser?.worker.terminate();
    node?.kill();
    await node?.exited;
    await store?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('2,000 upgrades without a session in 2 s: all refused with 401, the member reconnects at once and its API p99 < 100 ms', async ({
    annotate,
  }) => {
    // The same calls for 2 s with the same flood sent to a bare server that refuses it: what
    // the machine gives them anyway, the flood's own making included.
    const baseline = async () => {
      const bare = inWorker({ kind: 'upgrades', url: refuser.url, count: 2000, overMs: 2000 });
      return memberCalls(member, bare);
    };
    const quietCpu = await cpuMs(node.child.pid);
    const quiet = await baseline();
    const quietCpuMs = (await cpuMs(node.child.pid)) - quietCpu;
    const flood = inWorker<{
      statuses: Record<string, number>;
      closeCodes: Record<string, number>;
      accepted: number;
      latencies: number[];
    }>({ kind: 'upgrades', url: node.url, count: 2000, overMs: 2000 });
    const cpuBefore = await cpuMs(node.child.pid);
    const calls = memberCalls(member, flood);
    // Three reconnects while it lasts, each of which must be let in at its first try.
    const sockets: Array<'ready' | number> = [];
    for (let i = 0; i < 3; i++) {
      await sleep(500);
      sockets.push(await reconnect(node.url, member.cookieHeader));
    }
    const outcome = await flood;
    const times = await calls;
    const cpu = (await cpuMs(node.child.pid)) - cpuBefore;
    await annotate(
      `flood: ${JSON.stringify(outcome.statuses)}, accepted ${outcome.accepted} (closed ${JSON.stringify(outcome.closeCodes)}), refusal p99 ${p99(outcome.latencies).toFixed(0)} ms; member: reconnects ${sockets.join(', ')}, API p99 ${p99(times).toFixed(0)} ms over ${times.length} calls; the node's CPU ${cpu} ms (quiet 2 s: API p99 ${p99(quiet).toFixed(0)} ms over ${quiet.length} calls, CPU ${quietCpuMs} ms)`,
    );
    expect(outcome.accepted).toBe(0);
    expect(outcome.statuses).toEqual({ 401: 2000 });
    expect(sockets).toEqual(['ready', 'ready', 'ready']);
    await expectUnderBaseline(times, quiet, baseline, annotate);
  }, 30_000);

  it('200 connections trickling their headers: a member’s API p99 < 100 ms', async ({
    annotate,
  }) => {
    const baseline = () => memberCalls(member, sleep(2000));
    const quiet = await baseline();
    const slow = inWorker<{ opened: number; closedByServer: number }>({
      kind: 'trickle',
      url: node.url,
      count: 200,
      everyMs: 100,
      forMs: 3000,
    });
    const times = await memberCalls(member, slow);
    const { opened, closedByServer } = await slow;
    await annotate(
      `slow headers: ${opened} opened, ${closedByServer} closed by the server within 3 s; member: API p99 ${p99(times).toFixed(0)} ms over ${times.length} calls (quiet 2 s: p99 ${p99(quiet).toFixed(0)} ms)`,
    );
    expect(opened).toBe(200);
    await expectUnderBaseline(times, quiet, baseline, annotate);
    // Still serving sockets once they are gone.
    expect(await reconnect(node.url, member.cookieHeader)).toBe('ready');
  }, 30_000);
});
