// Message senders: open-loop at a fixed rate (latency and fan-out scenarios) and
// closed-loop at the maximum rate (throughput). Each message carries its send time.
// A lane is one sending user, over the socket (`send_message`, what the web client does)
// or over HTTP (POST /api/channels/:id/messages, what API clients do): `--send ws|http`.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { benchContent, nowMs, sleep } from './clock.mjs';
import { request } from './http.mjs';

const runTag = randomBytes(4).toString('hex');
let counter = 0;

/**
 * The lanes of `senders` (users with a cookie), each sending into `channelOf(sender, i)`.
 * Over ws, a lane is its user's socket: it receives the channel's events too, as every
 * socket of the product does (see listenersOf in scenarios/common.mjs); they are not
 * measured here.
 */
export async function openLanes(sut, senders, channelOf) {
  const node = sut.sendNode;
  const lanes = senders.map((m, i) => ({
    port: node.port,
    channelId: channelOf(m, i),
    cookie: m.cookie,
    userId: m.id,
  }));
  if (sut.send !== 'ws') return lanes;
  await Promise.all(lanes.map((lane) => openSocket(lane, node)));
  return lanes;
}

export function closeLanes(lanes) {
  for (const lane of lanes) {
    lane.closing = true;
    lane.ws?.terminate();
  }
}

/** Open the lane's socket; ready once `auth_ok` comes back (after Ruche loaded the socket). */
function openSocket(lane, node) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(node.wsUrl, {
      headers: { ...(lane.cookie ? { cookie: lane.cookie } : {}), origin: node.origin },
      perMessageDeflate: false,
      handshakeTimeout: 15_000,
    });
    lane.ws = ws;
    lane.waiting = new Map();
    const timer = setTimeout(() => reject(new Error('send socket not ready in 15 s')), 15_000);
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'auth', userId: lane.userId ?? '-' }));
      // The bare server delivers a channel only to the sockets that joined it.
      ws.send(JSON.stringify({ type: 'join_channel', channelId: lane.channelId }));
    });
    ws.on('message', (data) => {
      const text = data.toString();
      // Only answers matter; the channel's own events (new_message, …) are skipped unparsed.
      if (!text.includes('"message_') && !text.includes('"auth_ok"')) return;
      const parsed = JSON.parse(text);
      for (const event of Array.isArray(parsed) ? parsed : [parsed]) {
        if (event.type === 'auth_ok') {
          clearTimeout(timer);
          resolve();
        } else if (event.type === 'message_ack' || event.type === 'message_rejected') {
          const done = lane.waiting.get(event.clientId);
          lane.waiting.delete(event.clientId);
          done?.(event);
        }
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('close', (code) => {
      for (const done of lane.waiting.values()) done({ type: 'closed', code });
      lane.waiting.clear();
      if (!lane.closing) reject(new Error(`send socket closed (${code})`));
    });
  });
}

/** The answer to a socket send, shaped like an HTTP response for the tallies. */
function sendOverSocket(lane, content, clientId) {
  return new Promise((resolve) => {
    lane.waiting.set(clientId, (event) => {
      if (event.type === 'message_ack') resolve({ status: event.created ? 201 : 200, text: '' });
      else if (event.type === 'closed') resolve({ status: 0, text: `closed ${event.code}` });
      else resolve({ status: event.status, text: event.message });
    });
    lane.ws.send(
      JSON.stringify({
        type: 'send_message',
        channelId: lane.channelId,
        clientId,
        message: { content },
      }),
    );
  });
}

/** One send, with its send time in the content (Ruche and bare alike). */
function sendOne(lane) {
  const n = counter++;
  const content = benchContent(n);
  const clientId = `b${runTag}${n}`;
  if (lane.ws) return sendOverSocket(lane, content, clientId);
  return request(lane.port, 'POST', `/api/channels/${lane.channelId}/messages`, {
    body: { content, clientId },
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
