// (c) `senders` senders, each in its own channel with one more member, sending as fast as
// their acknowledgements come back. Persisted messages are counted in the store (the
// channels' last_seq and the messages rows), not from the acknowledgements.
import { ClientPool } from '../lib/clients.mjs';
import { startCpuWatch } from '../lib/cpu.mjs';
import { closeLanes, openLanes, sendClosedLoop } from '../lib/sender.mjs';
import { connectOrThrow, drain, latency, socketTargets } from './common.mjs';
import { channelFor, membersFor } from './members.mjs';

async function persisted(sql, channelIds) {
  const [row] = await sql`
    select coalesce(sum(last_seq), 0)::bigint as seq,
           (select count(*) from messages where channel_id = any(${channelIds}::uuid[]))::bigint as rows
    from channels where id = any(${channelIds}::uuid[])`;
  return { seq: Number(row.seq), rows: Number(row.rows) };
}

export async function throughput(
  sut,
  { senders = 50, durationMs = 10_000, channelNotifications = true },
) {
  const members = await membersFor(sut, senders * 2);
  const pairs = Array.from({ length: senders }, (_, i) => [members[i], members[senders + i]]);
  const channelIds = [];
  for (const pair of pairs) channelIds.push(await channelFor(sut, pair));
  // Every receiver is notified of each message by default (a new account's preferences);
  // --channel-notifications off measures the same sends without those notifications. A
  // reference commit from before notifications (--reference) has no such table.
  const [prefs] =
    sut.kind === 'ruche'
      ? await sut.sql`select to_regclass('notification_preferences') is not null as exists`
      : [];
  if (prefs?.exists) {
    await sut.sql`update notification_preferences set channel_messages = ${channelNotifications}
      where user_id = any(${members.map((m) => m.id)}::uuid[])`;
  }
  const pool = new ClientPool(1);
  let lanes = [];
  try {
    // Every member has a socket, the senders on the sending node (over ws, the lane is the
    // sender's socket); with two nodes the receivers are on the other one.
    const sockets = pairs.flatMap(([s, r], i) => [
      { m: s, ch: channelIds[i], sender: true },
      { m: r, ch: channelIds[i], sender: false },
    ]);
    const targets = socketTargets(
      sut.recvNodes,
      sockets.map((x) => x.m),
      (_m, i) => [sockets[i].ch],
    );
    const listening = targets.filter((_t, i) => !(sut.send === 'ws' && sockets[i].sender));
    await connectOrThrow(pool, listening, 'throughput');
    const perMessage = listening.length / senders;
    lanes = await openLanes(
      sut,
      pairs.map(([s]) => s),
      (_s, i) => channelIds[i],
    );
    await sendClosedLoop({ lanes, durationMs: 1000 }); // warm-up
    await drain(pool, Number.POSITIVE_INFINITY, 500);
    const before = sut.kind === 'ruche' ? await persisted(sut.sql, channelIds) : null;
    const watch = startCpuWatch({
      server: sut.serverPids,
      store: await sut.storePids(),
      clients: pool.pids,
    });
    const sent = await sendClosedLoop({ lanes, durationMs });
    const cpu = watch();
    const after = sut.kind === 'ruche' ? await persisted(sut.sql, channelIds) : null;
    const r = await drain(pool, sent.ok * perMessage);
    const seconds = sent.ms / 1000;
    const stored = after ? after.rows - before.rows : sent.ok;
    return {
      senders,
      seconds: Math.round(seconds * 100) / 100,
      acks: sent.ok,
      failed: sent.failed,
      statuses: sent.statuses,
      sample: sent.sample,
      persistedRows: stored,
      persistedSeq: after ? after.seq - before.seq : null,
      persistedPerSec: Math.round(stored / seconds),
      delivered: sent.ok ? Math.round((r.received / (sent.ok * perMessage)) * 1000) / 1000 : 0,
      latency: latency(r.hist),
      cpu,
    };
  } finally {
    closeLanes(lanes);
    await pool.exit();
  }
}
