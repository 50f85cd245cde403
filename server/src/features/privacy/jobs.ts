import { inBackground } from '../../db/store-gate';
import { eraseDueAccounts } from './erasure';
import { type PrivacyDeps, purgeExpiredExports, runExports } from './exports';
import { applyRetention } from './retention';

/** One run of every privacy job (docs/privacy.md); each is safe on several nodes at once. */
export async function runPrivacyJobs(deps: PrivacyDeps, now = new Date()): Promise<void> {
  await runExports(deps);
  await eraseDueAccounts(deps, now);
  await purgeExpiredExports(deps, now);
  await applyRetention(deps, now);
}

/**
 * Every node runs the jobs every `intervalMs`, in the background slots of the store
 * (db/store-gate.ts): exports are taken under a lease (one node makes each), erasures under
 * the account's row lock, retention under an advisory lock only one node holds at a time.
 * `kick` runs one job now on this node (an export just asked for, an immediate erasure).
 */
export function startPrivacyJobs(
  deps: PrivacyDeps,
  intervalMs: number,
): { stop(): void; kick(job: () => Promise<unknown>): void; idle(): Promise<void> } {
  let stopped = false;
  const pending = new Set<Promise<unknown>>();
  const run = (job: () => Promise<unknown>) => {
    if (stopped) return;
    const p = inBackground(job)
      .catch((err: unknown) => deps.log.warn({ err }, 'privacy job failed'))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    run(() =>
      runPrivacyJobs(deps).finally(() => {
        running = false;
      }),
    );
  };
  const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : undefined;
  timer?.unref();
  return {
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
    kick: run,
    /** Resolves once every job started on this node so far has finished. */
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
