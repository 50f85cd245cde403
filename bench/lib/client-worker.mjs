// A forked process holding a share of the bench's WebSocket clients (one Node process with
// 10,000 sockets next to the server on 2 cores is tight, so the parent spreads them).
// Every frame is scanned for the bench marker; the send timestamp it carries gives the
// send-to-delivery latency, measured at the receiving socket.
import WebSocket from 'ws';
import { MARK, MARK_END, nowMs, sleep } from './clock.mjs';
import { createHistogram, record, toSparse } from './histogram.mjs';

const sockets = [];
let hist = createHistogram();
let received = 0;
let unexpectedCloses = 0;
let closing = false;
const errors = new Map();

function noteError(text) {
  const key = String(text).slice(0, 160);
  errors.set(key, (errors.get(key) ?? 0) + 1);
}

function onFrame(data) {
  const at = nowMs();
  const s = typeof data === 'string' ? data : data.toString('latin1');
  let i = s.indexOf(MARK);
  while (i !== -1) {
    const j = s.indexOf(MARK_END, i + MARK.length);
    if (j === -1) break;
    record(hist, at - Number(s.slice(i + MARK.length, j)));
    received++;
    i = s.indexOf(MARK, j);
  }
}

/** Open one socket and wait until it is ready: `joined` for each channel, or just open. */
function connectOne(target, readyOn, timeoutMs) {
  return new Promise((resolve) => {
    const ws = new WebSocket(target.url, {
      headers: { ...(target.cookie ? { cookie: target.cookie } : {}), origin: target.origin },
      perMessageDeflate: false,
      handshakeTimeout: timeoutMs,
    });
    let pending = new Set(target.channels);
    let done = false;
    const finish = (ok, why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (!ok) {
        noteError(why);
        ws.terminate();
      } else sockets.push(ws);
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false, `not ready after ${timeoutMs} ms`), timeoutMs);
    ws.on('open', () => {
      if (target.userId) ws.send(JSON.stringify({ type: 'auth', userId: target.userId }));
      for (const channelId of target.channels) {
        ws.send(JSON.stringify({ type: 'join_channel', channelId }));
      }
      if (readyOn === 'open' || pending.size === 0) finish(true);
    });
    ws.on('message', (data) => {
      if (done) return onFrame(data);
      const text = data.toString();
      let frames;
      try {
        const parsed = JSON.parse(text);
        frames = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return;
      }
      for (const f of frames) {
        if (f?.type === 'joined') pending.delete(f.channelId);
        else if (f?.type === 'error') noteError(`error frame: ${f.message}`);
      }
      if (pending.size === 0) {
        pending = new Set();
        finish(true);
      }
    });
    ws.on('unexpected-response', (_req, res) =>
      finish(false, `upgrade refused: ${res.statusCode}`),
    );
    ws.on('error', (err) => finish(false, err.message));
    ws.on('close', (code) => {
      if (!done) finish(false, `closed before ready (${code})`);
      else if (!closing) {
        unexpectedCloses++;
        noteError(`closed (${code})`);
      }
    });
  });
}

async function connectAll({ targets, readyOn, concurrency, timeoutMs }) {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const started = nowMs();
  async function lane() {
    while (next < targets.length) {
      const target = targets[next++];
      if (await connectOne(target, readyOn, timeoutMs)) ok++;
      else failed++;
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, lane));
  return { ok, failed, ms: nowMs() - started };
}

async function closeAll() {
  closing = true;
  for (const ws of sockets.splice(0)) ws.terminate();
  await sleep(50);
  closing = false;
}

process.on('message', async (msg) => {
  try {
    if (msg.cmd === 'connect') {
      const result = await connectAll(msg);
      process.send({ id: msg.id, ...result, errors: Object.fromEntries(errors) });
      errors.clear();
    } else if (msg.cmd === 'report') {
      const out = {
        id: msg.id,
        hist: toSparse(hist),
        received,
        open: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
        unexpectedCloses,
        errors: Object.fromEntries(errors),
      };
      if (msg.reset) {
        hist = createHistogram();
        received = 0;
        errors.clear();
      }
      process.send(out);
    } else if (msg.cmd === 'close') {
      await closeAll();
      unexpectedCloses = 0;
      process.send({ id: msg.id, ok: true });
    } else if (msg.cmd === 'exit') {
      await closeAll();
      process.exit(0);
    }
  } catch (err) {
    process.send({ id: msg.id, error: String(err?.stack ?? err) });
  }
});
process.on('disconnect', () => process.exit(0));
