// Message senders: open-loop at a fixed rate (latency and fan-out scenarios) and
// closed-loop at the maximum rate (throughput). Each message carries its send time.
import { randomBytes } from 'node:crypto';
import { benchContent, nowMs, sleep } from './clock.mjs';
import { request } from './http.mjs';

const runTag = randomBytes(4).toString('hex');
let counter = 0;

/** One send: POST /api/channels/:id/messages { content, clientId } (Ruche and bare alike). */
function sendOne(lane) {
  const n = counter++;
  return request(lane.port, 'POST', `/api/channels/${lane.channelId}/messages`, {
    body: { content: benchContent(n), clientId: `b${runTag}${n}` },
    cookie: lane.cookie,
  });
}

function tally(stats, res) {
  stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
  if (res.status >= 200 && res.status < 300) stats.ok++;
  else {
    stats.failed++;
    if (!stats.sample) stats.sample = `${res.status} ${res.text.slice(0, 200)}`;
  }
}

function fail(stats, err) {
  stats.failed++;
  stats.statuses.error = (stats.statuses.error ?? 0) + 1;
  if (!stats.sample) stats.sample = String(err.message ?? err);
}

/**
 * Send `rate` messages per second for `durationMs`, rotating over the lanes. When more than
 * `maxInflight` sends are outstanding the server is not keeping up: the step is marked
 * saturated and sends are skipped rather than queued without bound.
 */
export async function sendPaced({ lanes, rate, durationMs, maxInflight = 512 }) {
  const stats = { sent: 0, ok: 0, failed: 0, skipped: 0, statuses: {}, sample: null };
  const inflight = new Set();
  const started = nowMs();
  let due = 0;
  while (nowMs() - started < durationMs) {
    const target = Math.floor(((nowMs() - started) * rate) / 1000);
    while (due < target) {
      due++;
      if (inflight.size >= maxInflight) {
        stats.skipped++;
        continue;
      }
      const lane = lanes[stats.sent % lanes.length];
      stats.sent++;
      const p = sendOne(lane)
        .then(
          (res) => tally(stats, res),
          (err) => fail(stats, err),
        )
        .finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await sleep(1);
  }
  await Promise.race([Promise.allSettled([...inflight]), sleep(10_000)]);
  stats.ms = nowMs() - started;
  return stats;
}

/** Each lane sends its next message as soon as the previous one is acknowledged. */
export async function sendClosedLoop({ lanes, durationMs }) {
  const stats = { sent: 0, ok: 0, failed: 0, skipped: 0, statuses: {}, sample: null };
  const started = nowMs();
  const deadline = started + durationMs;
  await Promise.all(
    lanes.map(async (lane) => {
      while (nowMs() < deadline) {
        stats.sent++;
        try {
          tally(stats, await sendOne(lane));
        } catch (err) {
          fail(stats, err);
          await sleep(10);
        }
      }
    }),
  );
  stats.ms = nowMs() - started;
  return stats;
}
