// (b) One sender, `sockets` sockets in one channel, an unsaturated fixed rate: the
// send-to-delivery latency as the receiving sockets see it.
import { ClientPool } from '../lib/clients.mjs';
import { startCpuWatch } from '../lib/cpu.mjs';
import { closeLanes, openLanes, sendPaced } from '../lib/sender.mjs';
import { connectOrThrow, drain, latency, listenersOf, socketTargets } from './common.mjs';
import { channelFor, membersFor } from './members.mjs';

export async function latencyScenario(sut, { sockets = 100, rate = 20, durationMs = 10_000 }) {
  const members = await membersFor(sut, sockets);
  const channelId = await channelFor(sut, members);
  const pool = new ClientPool(1);
  let lanes = [];
  try {
    const listeners = listenersOf(sut, members, [members[0]]);
    await connectOrThrow(
      pool,
      socketTargets(sut.recvNodes, listeners, () => [channelId]),
      'latency',
    );
    lanes = await openLanes(sut, [members[0]], () => channelId);
    await sendPaced({ lanes, rate, durationMs: 1000 }); // warm-up
    await drain(pool, Number.POSITIVE_INFINITY, 500);
    const watch = startCpuWatch({
      server: sut.serverPids,
      store: await sut.storePids(),
      clients: pool.pids,
    });
    const sent = await sendPaced({ lanes, rate, durationMs });
    const r = await drain(pool, sent.ok * listeners.length);
    return {
      sockets,
      rate,
      sent: sent.ok,
      failed: sent.failed,
      sample: sent.sample,
      delivered: sent.ok
        ? Math.round((r.received / (sent.ok * listeners.length)) * 1000) / 1000
        : 0,
      latency: latency(r.hist),
      cpu: watch(),
    };
  } finally {
    closeLanes(lanes);
    await pool.exit();
  }
}
