// Ceiling: a bare `ws` broadcast server, with no auth and no store. It speaks the subset of
// Ruche's interface the generator uses (POST /api/channels/:id/messages, /ws with
// join_channel → joined, send_message → message_ack, new_message events), and, like Ruche's
// hub, coalesces the frames
// bound for one socket within one event-loop turn into one write (a JSON array).
//   node bench/ceilings/bare-ws.mjs [port]      (forked by run.mjs: reports its port by IPC)
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { WebSocketServer } from 'ws';

const rooms = new Map(); // channelId → Set<ws>
const seqs = new Map(); // channelId → last seq
const pending = new Map(); // ws → string[]
let flushScheduled = false;

function flush() {
  flushScheduled = false;
  for (const [ws, frames] of pending) {
    if (ws.readyState === 1) ws.send(frames.length === 1 ? frames[0] : `[${frames.join(',')}]`);
  }
  pending.clear();
}

function queue(ws, frame) {
  const frames = pending.get(ws);
  if (frames) frames.push(frame);
  else pending.set(ws, [frame]);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
}

function broadcast(channelId, event) {
  const room = rooms.get(channelId);
  if (!room) return;
  const frame = JSON.stringify(event);
  for (const ws of room) queue(ws, frame);
}

/** A message shaped like Ruche's wire Message, so that frames weigh about the same. */
function buildMessage(channelId, body, seq) {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    channelId,
    userId: '00000000-0000-4000-8000-000000000000',
    content: String(body.content ?? ''),
    attachments: [],
    mentions: [],
    parentMessageId: null,
    edited: false,
    seq,
    clientId: body.clientId ?? null,
    createdAt: at,
    updatedAt: at,
    user: {
      id: '00000000-0000-4000-8000-000000000000',
      email: 'bare@bench.invalid',
      firstName: 'Bare',
      lastName: null,
      displayName: null,
      profileImageUrl: null,
      status: 'online',
      statusMessage: null,
    },
    reactions: [],
    replyCount: 0,
    lastReplyAt: null,
  };
}

/** A send, by POST or by socket: numbered and broadcast at once. */
function store(channelId, body) {
  const seq = (seqs.get(channelId) ?? 0) + 1;
  seqs.set(channelId, seq);
  const message = buildMessage(channelId, body, seq);
  broadcast(channelId, { type: 'new_message', channelId, seq, message });
  return message;
}

const server = http.createServer((req, res) => {
  const match = /^\/api\/channels\/([^/]+)\/messages$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString());
    } catch {
      res.writeHead(400).end();
      return;
    }
    const message = store(match[1], body);
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(message));
  });
});

const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
wss.on('connection', (ws) => {
  const joined = new Set();
  ws.on('message', (data) => {
    let frame;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (frame.type === 'join_channel' && typeof frame.channelId === 'string') {
      const room = rooms.get(frame.channelId) ?? new Set();
      rooms.set(frame.channelId, room);
      room.add(ws);
      joined.add(frame.channelId);
      queue(ws, JSON.stringify({ type: 'joined', channelId: frame.channelId }));
    } else if (frame.type === 'auth') {
      queue(ws, JSON.stringify({ type: 'auth_ok', userId: frame.userId }));
    } else if (frame.type === 'send_message') {
      const { channelId, clientId } = frame;
      const message = store(channelId, { ...frame.message, clientId });
      queue(
        ws,
        JSON.stringify({ type: 'message_ack', clientId, channelId, message, created: true }),
      );
    } else if (frame.type === 'ping') queue(ws, '{"type":"pong"}');
  });
  ws.on('close', () => {
    for (const id of joined) rooms.get(id)?.delete(ws);
    pending.delete(ws);
  });
});

server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const { port } = server.address();
  if (process.send) process.send({ type: 'ready', port });
  else console.log(`bare ws broadcast server on http://127.0.0.1:${port}`);
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
