// A forked process holding a share of the capacity scenario's users: one socket each, and
// each acting on its own random schedule (bench/README.md, scenario (e)). Cheap on purpose:
// it shares the two cores with the server. Frames are searched as bytes for the few things
// measured (the message marker, acks, `ready`, errors) and parsed only when they hold one.
//
// Measurements are tagged with the step they belong to: an API call with the step at its
// start, a delivery with the step its message was sent in (the marker carries it), so that
// a step's figures are those of its window even when the answers come after it ends.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Agent, request as send } from 'undici';
import WebSocket from 'ws';
import { nowMs, sleep } from './clock.mjs';
import { createHistogram, record, toSparse } from './histogram.mjs';
import { BROWSER_ACCEPT_ENCODING } from './http.mjs';

export const MARK = 'cap~';
const MARK_B = Buffer.from(MARK);
const ACK_B = Buffer.from('"message_ack"');
const REJECTED_B = Buffer.from('"message_rejected"');
const READY_B = Buffer.from('"type":"ready"');
const ERROR_B = Buffer.from('"type":"error"');
const RESYNC_B = Buffer.from('"type":"resync"');

/** What the web client waits before marking read again (use-mark-read.ts). */
const MARK_READ_EVERY_MS = 2000;
/** The web client re-sends a send unanswered after this long (docs/realtime.md). */
const ACK_TIMEOUT_MS = 10_000;
/** A tab in view says so again this often (TAB_VISIBLE_REFRESH_MS, use-tab-visibility.ts). */
const TAB_VISIBLE_REFRESH_MS = 20_000;
/** The encodings the server answers in (app.ts), decoded as a browser would. */
const DECODE = { br: brotliDecompressSync, gzip: gunzipSync };

/** After a close it did not ask for, the web client reconnects after 3 s. */
const RECONNECT_MS = 3000;
const EMOJIS = ['👍', '🎉', '❤️', '😄', '👀'];

let P; // parameters from the parent: { workerId, channelIds, nodes, periods, typingMs, reload }
let agent;
const users = [];
let step = 0;
const meas = new Map();
let sendCounter = 0;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

function measurement(k) {
  let m = meas.get(k);
  if (!m) {
    m = {
      api: createHistogram(),
      kinds: {},
      calls: 0,
      statuses: {},
      delivery: createHistogram(),
      witnessReceived: 0,
      ack: createHistogram(),
      sent: 0,
      acked: 0,
      rejected: {},
      unanswered: 0,
      ackedByChannel: {},
      actions: {},
      errors: {},
      frames: 0,
      bytes: 0,
      connects: 0,
      deferred: 0,
      refused503: 0,
      unexpectedCloses: 0,
      resyncs: 0,
    };
    meas.set(k, m);
  }
  return m;
}

/**
 * The measurement of step k, or null: 0 is not measured (ramp, settle, drain), and a step
 * already reported takes nothing more (its late answers count as missing).
 */
const M = (k) => meas.get(k) ?? null;
/** Sends of each step still waiting for their answer. */
const pendingSends = new Map();
/** Since the start, whatever the step: what the ramp log shows. */
const lifetime = { deferred: 0, refused503: 0, connectErrors: 0, errorSamples: {} };

function noteError(k, text) {
  const m = M(k);
  if (!m) return;
  const key = String(text).slice(0, 160);
  m.errors[key] = (m.errors[key] ?? 0) + 1;
}

function count(obj, key, n = 1) {
  obj[key] = (obj[key] ?? 0) + n;
}

// ── HTTP ────────────────────────────────────────────────────────────────────────────

async function api(user, kind, method, path, body) {
  const k = step;
  const node = P.nodes[user.node];
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const t0 = nowMs();
  let status = 0;
  let text = '';
  try {
    const res = await send(`${node.origin}${path}`, {
      method,
      dispatcher: agent,
      headersTimeout: 15_000,
      bodyTimeout: 15_000,
      headers: {
        cookie: user.cookie,
        origin: node.origin,
        'accept-encoding': BROWSER_ACCEPT_ENCODING,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload,
    });
    status = res.statusCode;
    const decode = DECODE[res.headers['content-encoding']];
    text = decode
      ? decode(Buffer.from(await res.body.arrayBuffer())).toString()
      : await res.body.text();
  } catch (err) {
    noteError(k, `${kind}: ${err.code ?? err.message}`);
  }
  const m = M(k);
  if (m) {
    const ms = nowMs() - t0;
    record(m.api, ms);
    const h = m.kinds[kind] ?? createHistogram();
    m.kinds[kind] = h;
    record(h, ms);
    m.calls++;
    count(m.statuses, status);
    if (status !== 503 && (status < 200 || status >= 300) && status !== 0) {
      noteError(k, `${kind} ${method} → ${status}: ${text.slice(0, 100)}`);
    }
  }
  return { status, text };
}

/** The newest message of a page (pages run oldest → newest): its seq and id, unparsed. */
function notePage(user, text) {
  const s = text.lastIndexOf('"seq":');
  if (s !== -1) {
    const seq = Number.parseInt(text.slice(s + 6, s + 26), 10);
    if (seq > user.lastSeq) user.lastSeq = seq;
  }
  const c = text.lastIndexOf('","channelId":"');
  if (c >= 36) user.lastMessageId = text.slice(c - 36, c);
}

/** A message's author in a page: the web client shows their avatar and presence. */
const AUTHOR_RE = /"userId":"([0-9a-f-]{36})"/g;
/** The web client keeps watching people shown a minute ago (web/src/lib/presence-store.ts). */
const WATCH_KEEP = 100;

/**
 * presence_watch, as the web client sends it: the authors of the page shown, then those of
 * the pages shown before, up to WATCH_KEEP (its answer, presence_state, is not parsed).
 */
function watchPage(user, text) {
  const ids = new Set();
  for (const match of text.matchAll(AUTHOR_RE)) ids.add(match[1]);
  for (const id of user.watching) {
    if (ids.size >= WATCH_KEEP) break;
    ids.add(id);
  }
  user.watching = [...ids];
  wsSend(user, { type: 'presence_watch', userIds: user.watching });
}

function newerCursorOf(text) {
  const i = text.indexOf('"newerCursor":"');
  if (i === -1) return null;
  return text.slice(i + 15, text.indexOf('"', i + 15));
}

// ── the socket ──────────────────────────────────────────────────────────────────────

function wsSend(user, frame) {
  if (user.ws?.readyState !== WebSocket.OPEN || !user.ready) return false;
  user.ws.send(JSON.stringify(frame));
  return true;
}

/** Open the user's socket and resolve once `ready`; 4503 (not admitted) retries after its hint. */
function connect(user) {
  return new Promise((resolve) => {
    let attempts = 0;
    const attempt = () => {
      if (user.stopped) return resolve(false);
      attempts++;
      const k = step;
      const m = M(k);
      if (m) m.connects++;
      const node = P.nodes[user.node];
      const ws = new WebSocket(node.wsUrl, {
        headers: { cookie: user.cookie, origin: node.origin },
        perMessageDeflate: false,
        // The frames are searched as bytes; no need to check each one's UTF-8.
        skipUTF8Validation: true,
        handshakeTimeout: 15_000,
      });
      user.ws = ws;
      user.ready = false;
      let settled = false;
      const retry = (ms, why) => {
        if (settled) return;
        settled = true;
        if (why) {
          noteError(step, why);
          lifetime.connectErrors++;
          if (Object.keys(lifetime.errorSamples).length < 20 || lifetime.errorSamples[why]) {
            count(lifetime.errorSamples, why);
          }
        }
        if (attempts >= 30) {
          user.failed = true;
          return resolve(false);
        }
        setTimeout(attempt, ms);
      };
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'auth', userId: user.id }));
        if (user.current >= 0) {
          ws.send(JSON.stringify({ type: 'join_channel', channelId: P.channelIds[user.current] }));
        }
        // The web client re-sends a status that is not online after each (re)connect.
        if (user.status !== 'online') {
          ws.send(JSON.stringify({ type: 'presence', status: user.status }));
        }
      });
      user.onReady = () => {
        settled = true;
        user.everReady = true;
        user.onReady = null;
        resolve(true);
      };
      ws.on('message', (data) => onFrame(user, ws, data));
      ws.on('unexpected-response', (_req, res) => {
        if (res.statusCode === 503) {
          // Shed (the store gate or the event loop refused the upgrade): the web client sees
          // a failed socket and comes back 3 s later.
          lifetime.refused503++;
          const mm = M(step);
          if (mm) mm.refused503++;
          retry(RECONNECT_MS + Math.random() * 1000, null);
        } else retry(RECONNECT_MS, `upgrade refused: ${res.statusCode}`);
        ws.terminate();
      });
      ws.on('error', (err) => {
        if (!settled) retry(RECONNECT_MS, `socket error: ${err.code ?? err.message}`);
      });
      ws.on('close', (code, reason) => {
        if (user.ws === ws) user.ready = false;
        if (!settled) {
          if (code === 4503) {
            lifetime.deferred++;
            const mm = M(step);
            if (mm) mm.deferred++;
            let wait = 1000;
            try {
              wait = JSON.parse(reason.toString()).retryMs;
            } catch {}
            return retry(wait + Math.random() * 1000, null);
          }
          return retry(RECONNECT_MS, `closed before ready (${code})`);
        }
        if (user.ws !== ws) return;
        for (const done of user.acks.values()) done(null);
        user.acks.clear();
        if (user.closing || user.stopped) return;
        const mm = M(step);
        if (mm) mm.unexpectedCloses++;
        noteError(step, `socket closed (${code})`);
        setTimeout(() => {
          if (!user.stopped && user.ws === ws) connect(user);
        }, RECONNECT_MS);
      });
    };
    attempt();
  });
}

function onFrame(user, ws, buf) {
  const at = nowMs();
  const m = M(step);
  if (m) {
    m.frames++;
    m.bytes += buf.length;
  }
  if (buf.indexOf(MARK_B) !== -1) deliveries(user, buf, at);
  if (user.acks.size > 0 && (buf.indexOf(ACK_B) !== -1 || buf.indexOf(REJECTED_B) !== -1)) {
    answers(user, buf, at);
  }
  if (!user.ready && ws === user.ws && buf.indexOf(READY_B) !== -1) {
    user.ready = true;
    sayInView(user);
    user.onReady?.();
  }
  if (buf.indexOf(ERROR_B) !== -1) {
    for (const e of events(buf))
      if (e.type === 'error') noteError(step, `error frame: ${e.message}`);
  }
  if (buf.indexOf(RESYNC_B) !== -1 && m) m.resyncs++;
}

function events(buf) {
  try {
    const parsed = JSON.parse(buf.toString());
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
}

/**
 * Every `new_message` carrying the marker `cap~<sent ms>~<step>~<channel index>~`: its
 * delivery latency, counted for the step it was sent in. The event's type is the nearest
 * `{"type":"` before the marker (a message_ack carries the same content and is skipped).
 */
function deliveries(user, buf, at) {
  const s = buf.toString('latin1');
  let i = s.indexOf(MARK);
  while (i !== -1) {
    const a = i + MARK.length;
    const b = s.indexOf('~', a);
    const c = s.indexOf('~', b + 1);
    const d = s.indexOf('~', c + 1);
    if (b === -1 || c === -1 || d === -1) return;
    const t = s.lastIndexOf('{"type":"', i);
    if (t !== -1 && s.startsWith('new_message"', t + 9)) {
      const k = Number(s.slice(b + 1, c));
      const m = M(k);
      if (m) {
        record(m.delivery, at - Number(s.slice(a, b)));
        if (user.witness) m.witnessReceived++;
      }
      if (Number(s.slice(c + 1, d)) === user.current) {
        const q = s.indexOf('"seq":', d);
        if (q !== -1) {
          const seq = Number.parseInt(s.slice(q + 6, q + 26), 10);
          if (seq > user.lastSeq) user.lastSeq = seq;
        }
        const id = s.lastIndexOf('"message":{"id":"', i);
        if (id > t) user.lastMessageId = s.slice(id + 17, id + 53);
        markRead(user);
      }
    }
    i = s.indexOf(MARK, d + 1);
  }
}

function answers(user, buf, at) {
  for (const e of events(buf)) {
    if (e.type !== 'message_ack' && e.type !== 'message_rejected') continue;
    const done = user.acks.get(e.clientId);
    if (!done) continue;
    user.acks.delete(e.clientId);
    done(e, at);
  }
}

// ── what a user does ────────────────────────────────────────────────────────────────

/**
 * The web client marks the open channel read on opening and on new messages, at most every
 * 2 s: over the socket (`mark_read`) while it is open, else by POST (use-mark-read.ts).
 */
function markRead(user) {
  if (user.current < 0) return;
  const fire = () => {
    user.readTimer = null;
    user.lastRead = Date.now();
    if (user.current < 0 || user.stopped) return;
    const m = M(step);
    if (m) count(m.actions, 'read');
    const channelId = P.channelIds[user.current];
    if (!wsSend(user, { type: 'mark_read', channelId })) {
      void api(user, 'read', 'POST', `/api/channels/${channelId}/read`);
    }
  };
  const wait = user.lastRead + MARK_READ_EVERY_MS - Date.now();
  if (user.readTimer) return; // a trailing mark is already due
  if (wait <= 0) fire();
  else user.readTimer = setTimeout(fire, wait);
}

/**
 * The web client's tab is in view and reads its open channel (use-tab-visibility.ts): it
 * says so on `ready`, on each switch, and every 20 s.
 */
function sayInView(user) {
  const reading = user.current >= 0 ? P.channelIds[user.current] : null;
  wsSend(user, { type: 'tab_visibility', visible: true, reading });
}

function repeatInView(user, wait) {
  user.timers.inView = setTimeout(() => {
    if (user.stopped) return;
    sayInView(user);
    repeatInView(user, TAB_VISIBLE_REFRESH_MS);
  }, wait);
}

/** Open a channel: join_channel, tab_visibility, its newest page, mark it read. */
async function open(user, channel) {
  clearTimeout(user.readTimer);
  user.readTimer = null;
  user.current = channel;
  user.lastSeq = 0;
  user.lastMessageId = null;
  const id = P.channelIds[channel];
  wsSend(user, { type: 'join_channel', channelId: id });
  sayInView(user);
  const res = await api(user, 'page', 'GET', `/api/channels/${id}/messages`);
  if (res.status === 200 && user.current === channel) {
    notePage(user, res.text);
    watchPage(user, res.text);
  }
  markRead(user);
}

async function switchChannel(user) {
  const list = user.channels;
  if (list.length === 0) return;
  let next = list[Math.floor(Math.random() * list.length)];
  if (next === user.current && list.length > 1) {
    next = list[(list.indexOf(next) + 1) % list.length];
  }
  await open(user, next);
}

/** typing on, (typing), typing off, send_message, wait for message_ack. */
async function sendOne(user) {
  const channel = user.current;
  if (channel < 0 || !user.ready) return;
  const channelId = P.channelIds[channel];
  wsSend(user, { type: 'typing', channelId, isTyping: true });
  await sleep(P.typingMs);
  if (!user.ready || user.current !== channel) return;
  wsSend(user, { type: 'typing', channelId, isTyping: false });
  const k = step;
  const n = ++sendCounter;
  const clientId = `w${P.workerId}-${n}`;
  const t0 = nowMs();
  const content = `${MARK}${t0.toFixed(1)}~${k}~${channel}~ message ${n}`;
  const sentIn = M(k);
  if (sentIn) sentIn.sent++;
  pendingSends.set(k, (pendingSends.get(k) ?? 0) + 1);
  const answer = await new Promise((resolve) => {
    const timer = setTimeout(() => {
      user.acks.delete(clientId);
      resolve(null);
    }, ACK_TIMEOUT_MS);
    user.acks.set(clientId, (e, at) => {
      clearTimeout(timer);
      resolve(e ? { e, at } : null);
    });
    if (!wsSend(user, { type: 'send_message', channelId, clientId, message: { content } })) {
      user.acks.delete(clientId);
      clearTimeout(timer);
      resolve(null);
    }
  });
  if (pendingSends.has(k)) pendingSends.set(k, pendingSends.get(k) - 1);
  const m = M(k);
  if (!m) return;
  if (!answer) {
    m.unanswered++;
    noteError(k, 'send: no answer (socket closed or 10 s)');
  } else if (answer.e.type === 'message_ack') {
    m.acked++;
    record(m.ack, answer.at - t0);
    count(m.ackedByChannel, channel);
  } else {
    count(m.rejected, answer.e.status);
    if (answer.e.status !== 503)
      noteError(k, `send rejected ${answer.e.status}: ${answer.e.message}`);
  }
}

async function react(user) {
  if (!user.lastMessageId) return;
  const emoji = EMOJIS[Math.floor(Math.random() * EMOJIS.length)];
  await api(user, 'react', 'POST', `/api/messages/${user.lastMessageId}/reactions`, { emoji });
}

/**
 * Presence changes (away ↔ online), then the page reloads: the socket closes and opens again
 * (not for witnesses, see the parent), the app asks for the user and the channel list, and
 * catches the open channel up (?after=<last seq seen>, then its newest page, as
 * catchUpCachedChannels does), and marks it read.
 */
async function reload(user) {
  user.status = user.status === 'online' ? 'away' : 'online';
  wsSend(user, { type: 'presence', status: user.status });
  const reconnect = P.reload === 'reconnect' && !user.witness;
  if (reconnect && user.ws) {
    user.closing = true;
    user.ready = false;
    user.ws.close(1001);
  }
  await api(user, 'user', 'GET', '/api/auth/user');
  await api(user, 'channels', 'GET', '/api/channels');
  if (reconnect) {
    user.closing = false;
    if (!(await connect(user))) return;
    // A new socket watches nobody: the client sends its set again after `ready`.
    if (user.watching.length > 0) wsSend(user, { type: 'presence_watch', userIds: user.watching });
  }
  const channel = user.current;
  if (channel < 0) return;
  const id = P.channelIds[channel];
  let cursor = String(user.lastSeq);
  for (let i = 0; i < 10 && cursor !== null; i++) {
    const res = await api(user, 'catchup', 'GET', `/api/channels/${id}/messages?after=${cursor}`);
    if (res.status !== 200 || user.current !== channel) return;
    notePage(user, res.text);
    cursor = res.text.includes('"messages":[]') ? null : newerCursorOf(res.text);
  }
  const head = await api(user, 'head', 'GET', `/api/channels/${id}/messages`);
  if (head.status === 200 && user.current === channel) notePage(user, head.text);
  markRead(user);
}

const ACTIONS = { switch: switchChannel, send: sendOne, react, reload };

/** One user's actions run one after another; a user more than 3 behind skips (counted). */
function enqueue(user, kind) {
  const m = M(step);
  if (user.queued >= 3 || !user.ready) {
    if (m) count(m.actions, `${kind}-skipped`);
    return;
  }
  if (m) count(m.actions, kind);
  user.queued++;
  user.chain = user.chain
    .then(() => ACTIONS[kind](user))
    .catch((err) => noteError(step, `${kind}: ${err.message}`))
    .finally(() => {
      user.queued--;
    });
}

/** Exponential waits: each kind of action is a Poisson process of the user's. */
function schedule(user, kind) {
  const mean = P.periods[kind];
  const wait = -Math.log(1 - Math.random()) * mean;
  user.timers[kind] = setTimeout(() => {
    if (user.stopped) return;
    enqueue(user, kind);
    schedule(user, kind);
  }, wait);
}

async function start(u) {
  const user = {
    ...u,
    ws: null,
    ready: false,
    closing: false,
    stopped: false,
    failed: false,
    status: 'online',
    current: u.channels.length ? u.channels[Math.floor(Math.random() * u.channels.length)] : -1,
    lastSeq: 0,
    lastMessageId: null,
    watching: [],
    lastRead: 0,
    readTimer: null,
    acks: new Map(),
    chain: Promise.resolve(),
    queued: 0,
    timers: {},
  };
  users.push(user);
  if (!(await connect(user))) return;
  // The app's first load: the open channel's newest page, marked read.
  if (user.current >= 0) await open(user, user.current).catch(() => {});
  for (const kind of Object.keys(ACTIONS)) schedule(user, kind);
  repeatInView(user, Math.random() * TAB_VISIBLE_REFRESH_MS);
}

function report(k) {
  const m = meas.get(k) ?? measurement(k);
  meas.delete(k);
  const pending = pendingSends.get(k) ?? 0;
  pendingSends.delete(k);
  const kinds = {};
  for (const [kind, h] of Object.entries(m.kinds)) kinds[kind] = toSparse(h);
  const out = {
    ...m,
    api: toSparse(m.api),
    kinds,
    delivery: toSparse(m.delivery),
    ack: toSparse(m.ack),
    pendingSends: pending,
    ready: users.filter((u) => u.ready).length,
    users: users.length,
    failed: users.filter((u) => u.failed).length,
    connected: users.filter((u) => u.everReady && !u.failed).length,
    loopDelayP99Ms: Math.round(loop.percentile(99) / 1e4) / 100,
    loopDelayMaxMs: Math.round(loop.max / 1e4) / 100,
  };
  loop.reset();
  return out;
}

process.on('message', async (msg) => {
  try {
    if (msg.cmd === 'init') {
      P = msg.params;
      agent = new Agent({ connections: P.httpConnections, keepAliveTimeout: 30_000 });
      process.send({ id: msg.id, ok: true });
    } else if (msg.cmd === 'add') {
      for (const u of msg.users) void start(u);
      process.send({ id: msg.id, ok: true });
    } else if (msg.cmd === 'tag') {
      step = msg.step;
      if (step > 0) {
        measurement(step);
        loop.reset();
      }
      process.send({ id: msg.id, ok: true });
    } else if (msg.cmd === 'status') {
      process.send({
        id: msg.id,
        users: users.length,
        ready: users.filter((u) => u.ready).length,
        failed: users.filter((u) => u.failed).length,
        connected: users.filter((u) => u.everReady && !u.failed).length,
        ...lifetime,
      });
    } else if (msg.cmd === 'report') {
      process.send({ id: msg.id, ...report(msg.step) });
    } else if (msg.cmd === 'exit') {
      for (const u of users) {
        u.stopped = true;
        for (const t of Object.values(u.timers)) clearTimeout(t);
        clearTimeout(u.readTimer);
        u.ws?.terminate();
      }
      await agent?.close().catch(() => {});
      process.exit(0);
    }
  } catch (err) {
    process.send({ id: msg.id, error: String(err?.stack ?? err) });
  }
});
process.on('disconnect', () => process.exit(0));
