// The parent's handle on the forked client workers.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createHistogram, mergeSparse } from './histogram.mjs';

const workerPath = fileURLToPath(new URL('./client-worker.mjs', import.meta.url));

export class ClientPool {
  /** `script`: the worker module (the capacity scenario has its own). */
  constructor(size, script = workerPath) {
    this.workers = Array.from({ length: size }, () =>
      fork(script, [], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        execArgv: process.env.BENCH_CLIENT_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CLIENT_PROF}`]
          : [],
      }),
    );
    this.nextId = 1;
  }

  /** pids, so that the bench can tell the clients' CPU apart from the server's. */
  get pids() {
    return this.workers.map((w) => w.pid);
  }

  call(worker, msg, timeoutMs = 120_000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.off('message', onMessage);
        reject(new Error(`client worker did not answer ${msg.cmd} in ${timeoutMs} ms`));
      }, timeoutMs);
      const onMessage = (reply) => {
        if (reply.id !== id) return;
        clearTimeout(timer);
        worker.off('message', onMessage);
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply);
      };
      worker.on('message', onMessage);
      worker.send({ ...msg, id });
    });
  }

  /** Spread the targets round-robin over the workers and connect them all. */
  async connect(targets, { readyOn = 'joined', concurrency = 64, timeoutMs = 15_000 } = {}) {
    const shares = this.workers.map(() => []);
    for (const [i, t] of targets.entries()) shares[i % shares.length].push(t);
    const per = Math.max(1, Math.ceil(concurrency / this.workers.length));
    const replies = await Promise.all(
      this.workers.map((w, i) =>
        this.call(w, { cmd: 'connect', targets: shares[i], readyOn, concurrency: per, timeoutMs }),
      ),
    );
    const errors = {};
    for (const r of replies)
      for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
    return {
      ok: replies.reduce((s, r) => s + r.ok, 0),
      failed: replies.reduce((s, r) => s + r.failed, 0),
      ms: Math.max(...replies.map((r) => r.ms)),
      errors,
    };
  }

  /** Merge every worker's histogram and counters; reset them when asked. */
  async report({ reset = true } = {}) {
    const replies = await Promise.all(
      this.workers.map((w) => this.call(w, { cmd: 'report', reset })),
    );
    const hist = createHistogram();
    const errors = {};
    for (const r of replies) {
      mergeSparse(hist, r.hist);
      for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
    }
    return {
      hist,
      received: replies.reduce((s, r) => s + r.received, 0),
      open: replies.reduce((s, r) => s + r.open, 0),
      unexpectedCloses: replies.reduce((s, r) => s + r.unexpectedCloses, 0),
      errors,
    };
  }

  async closeSockets() {
    await Promise.all(this.workers.map((w) => this.call(w, { cmd: 'close' })));
  }

  async exit() {
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise((resolve) => {
            if (w.exitCode !== null) return resolve();
            const timer = setTimeout(() => {
              w.kill('SIGKILL');
              resolve();
            }, 5000);
            w.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            w.send({ cmd: 'exit', id: 0 });
          }),
      ),
    );
  }
}
