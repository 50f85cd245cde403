// (d) `sockets` idle authenticated sockets on one node: the server's resident memory
// (VmRSS from /proc/<pid>/status) after they connect, minus before, per socket.
import { ClientPool } from '../lib/clients.mjs';
import { sleep } from '../lib/clock.mjs';
import { memoryOf } from '../lib/servers.mjs';
import { connectOrThrow, socketTargets } from './common.mjs';
import { channelFor, membersFor } from './members.mjs';

/** RSS once it stops moving (two reads 500 ms apart within 1 MiB; at most 10 s more). */
async function settledMemory(pid, settleMs) {
  await sleep(settleMs);
  let last = memoryOf(pid);
  for (let i = 0; i < 20; i++) {
    await sleep(500);
    const now = memoryOf(pid);
    if (Math.abs(now.rssKiB - last.rssKiB) < 1024) return now;
    last = now;
  }
  return last;
}

export async function idle(sut, { sockets = 10_000, perChannel = 1000, settleMs = 5000 }) {
  const node = sut.recvNodes[0];
  const members = await membersFor(sut, sockets);
  const channelIds = [];
  for (let i = 0; i < sockets; i += perChannel) {
    channelIds.push(await channelFor(sut, members.slice(i, i + perChannel)));
  }
  const pool = new ClientPool(4);
  try {
    const targets = socketTargets([node], members, (_m, i) => [
      channelIds[Math.floor(i / perChannel)],
    ]);
    // Warm the upgrade path (lazy modules, pools) before the baseline.
    await connectOrThrow(pool, targets.slice(0, 50), 'idle warm-up');
    await pool.closeSockets();
    const before = await settledMemory(node.pid, settleMs);
    const conn = await connectOrThrow(pool, targets, 'idle', {
      concurrency: 64,
      timeoutMs: 30_000,
    });
    const after = await settledMemory(node.pid, settleMs);
    const open = (await pool.report()).open;
    return {
      sockets: conn.ok,
      openAtEnd: open,
      connectMs: Math.round(conn.ms),
      connectPerSec: Math.round(conn.ok / (conn.ms / 1000)),
      rssBeforeMiB: Math.round(before.rssKiB / 102.4) / 10,
      rssAfterMiB: Math.round(after.rssKiB / 102.4) / 10,
      kibPerSocket: Math.round(((after.rssKiB - before.rssKiB) / conn.ok) * 100) / 100,
      anonKibPerSocket: Math.round(((after.anonKiB - before.anonKiB) / conn.ok) * 100) / 100,
    };
  } finally {
    await pool.exit();
  }
}
