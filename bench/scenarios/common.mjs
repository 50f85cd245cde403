// What the scenarios share: the system under test (Ruche or a ceiling) and its sockets.
import { nowMs, sleep } from '../lib/clock.mjs';
import { summary } from '../lib/histogram.mjs';

/**
 * Socket targets for `members` (users; or plain placeholders for the bare server), spread
 * round-robin over the receiving nodes, each subscribed to its channels.
 */
export function socketTargets(recvNodes, members, channelsOf) {
  return members.map((m, i) => {
    const node = recvNodes[i % recvNodes.length];
    return {
      url: node.wsUrl,
      origin: node.origin,
      cookie: m.cookie,
      userId: m.id,
      channels: channelsOf(m, i),
    };
  });
}

/**
 * The members whose sockets the client pool holds. Over ws a sender sends through its own
 * socket (one socket per user, as in the product; it receives the channel like the others
 * and is not measured); over http every member has a pool socket and the senders post.
 */
export function listenersOf(sut, members, senders) {
  if (sut.send !== 'ws') return members;
  const sending = new Set(senders);
  return members.filter((m) => !sending.has(m));
}

export async function connectOrThrow(pool, targets, what, opts) {
  const res = await pool.connect(targets, opts);
  if (res.failed > 0) {
    throw new Error(
      `${what}: ${res.failed} of ${targets.length} sockets failed to connect: ${JSON.stringify(res.errors)}`,
    );
  }
  return res;
}

/** Wait (bounded) until the receivers have seen `expected` deliveries, then report. */
export async function drain(pool, expected, maxWaitMs = 2000) {
  const deadline = nowMs() + maxWaitMs;
  for (;;) {
    const r = await pool.report({ reset: false });
    if (r.received >= expected || nowMs() >= deadline) return pool.report({ reset: true });
    await sleep(100);
  }
}

export function latency(hist) {
  const s = summary(hist);
  const r = (x) => (x === null ? null : Math.round(x * 100) / 100);
  return { n: s.n, p50: r(s.p50), p90: r(s.p90), p99: r(s.p99), max: r(s.max) };
}
