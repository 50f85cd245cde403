// (a) Fan-out: `sockets` sockets in one channel; the send rate steps up (×1.5, then one
// bisection) until p99 > 100 ms, a delivery goes missing, or the sender cannot keep up.
// Result: the highest delivery rate (deliveries/s = messages/s × sockets) held.
import { ClientPool } from '../lib/clients.mjs';
import { startCpuWatch } from '../lib/cpu.mjs';
import { closeLanes, openLanes, sendPaced } from '../lib/sender.mjs';
import { connectOrThrow, drain, latency, listenersOf, socketTargets } from './common.mjs';
import { channelFor, membersFor } from './members.mjs';

const P99_LIMIT_MS = 100;

export async function fanout(
  sut,
  { sockets = 1000, stepMs = 3000, startRate = 25, maxSteps = 10 },
) {
  const members = await membersFor(sut, sockets);
  const channelId = await channelFor(sut, members);
  const pool = new ClientPool(2);
  let lanes = [];
  try {
    const senders = members.slice(0, Math.min(10, members.length));
    const listeners = listenersOf(sut, members, senders);
    const conn = await connectOrThrow(
      pool,
      socketTargets(sut.recvNodes, listeners, () => [channelId]),
      'fan-out',
    );
    lanes = await openLanes(sut, senders, () => channelId);

    const step = async (rate, ms = stepMs) => {
      await pool.report({ reset: true });
      const watch = startCpuWatch({
        server: sut.serverPids,
        store: await sut.storePids(),
        clients: pool.pids,
      });
      const sent = await sendPaced({ lanes, rate, durationMs: ms });
      const r = await drain(pool, sent.ok * listeners.length);
      const cpu = watch();
      const expected = sent.ok * listeners.length;
      const lat = latency(r.hist);
      const delivered = expected ? r.received / expected : 0;
      const ok =
        sent.failed === 0 &&
        sent.skipped === 0 &&
        delivered >= 0.99 &&
        lat.p99 !== null &&
        lat.p99 <= P99_LIMIT_MS;
      return {
        rate,
        ok,
        sent: sent.ok,
        failed: sent.failed,
        skipped: sent.skipped,
        statuses: sent.statuses,
        sample: sent.sample,
        delivered: Math.round(delivered * 1000) / 1000,
        deliveriesPerSec: Math.round(r.received / (sent.ms / 1000)),
        latency: lat,
        cpu,
      };
    };

    await step(startRate / 2, 1000); // warm-up: JIT, connection pools
    const steps = [];
    let pass = null;
    let fail = null;
    let rate = startRate;
    for (let i = 0; i < maxSteps; i++) {
      const s = await step(rate);
      steps.push(s);
      if (!s.ok) {
        fail = s;
        break;
      }
      pass = s;
      rate = Math.round(rate * 1.5);
    }
    // Even the first step failed (a loaded machine): step down until one holds.
    for (let r = startRate; !pass && r >= 4; ) {
      r = Math.round(r / 2);
      const s = await step(r);
      steps.push(s);
      if (s.ok) pass = s;
    }
    if (pass && fail && fail.rate > pass.rate) {
      const s = await step(Math.round(Math.sqrt(pass.rate * fail.rate)));
      steps.push(s);
      if (s.ok) pass = s;
    }
    return {
      sockets,
      connectMs: Math.round(conn.ms),
      heldMsgPerSec: pass?.rate ?? 0,
      heldDeliveriesPerSec: pass ? pass.rate * sockets : 0,
      heldLatency: pass?.latency ?? null,
      steps,
    };
  } finally {
    closeLanes(lanes);
    await pool.exit();
  }
}
