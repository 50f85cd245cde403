// Diagnostic: the CPU of one WebSocket write, the unit cost of fan-out. A `ws` server sends
// one Ruche-sized event to 1,000 sockets held by a child process, 100 times per variant, and
// prints the server's CPU per socket write (user and kernel) for:
//   send(string)     what a plain `ws` broadcast does (one UTF-8 encoding per socket)
//   send(Buffer)     what Ruche's outbox does (one encoding shared by the sockets)
//   raw frame write  a frame built once, written to each net.Socket (ws's private _socket)
//   node bench/diag/ws-write.mjs [--sockets 1000]
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import WebSocket, { Sender, WebSocketServer } from 'ws';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--clients'),
  options: { sockets: { type: 'string', default: '1000' }, port: { type: 'string' } },
});
const sockets = Number(values.sockets);

if (process.argv.includes('--clients')) {
  for (let i = 0; i < sockets; i++) {
    new WebSocket(`ws://127.0.0.1:${values.port}`, { perMessageDeflate: false });
  }
} else {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => wss.on('listening', resolve));
  const child = fork(new URL(import.meta.url).pathname, [
    '--clients',
    '--sockets',
    String(sockets),
    '--port',
    String(wss.address().port),
  ]);
  while (wss.clients.size < sockets) await new Promise((resolve) => setTimeout(resolve, 50));
  const event = JSON.stringify({
    type: 'new_message',
    channelId: '6f1c1d1e-0000-4000-8000-000000000000',
    seq: 1,
    message: {
      id: '6f1c1d1e-0000-4000-8000-000000000001',
      content: 'bench~1700000000000~ bonjour à toutes et à tous, voici le point du jour',
      user: { id: '6f1c1d1e-0000-4000-8000-000000000002', firstName: 'Alice', status: 'online' },
      reactions: [],
      createdAt: new Date().toISOString(),
    },
  });
  const clients = [...wss.clients];
  const variants = {
    'send(string)': () => {
      for (const ws of clients) ws.send(event);
    },
    'send(Buffer)': () => {
      const bytes = Buffer.from(event);
      for (const ws of clients) ws.send(bytes, { binary: false });
    },
    'raw frame write': () => {
      const opts = { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true };
      const frame = Buffer.concat(Sender.frame(Buffer.from(event), opts));
      for (const ws of clients) ws._socket.write(frame);
    },
  };
  for (let round = 0; round < 2; round++) {
    for (const [name, fanOut] of Object.entries(variants)) {
      const c0 = process.cpuUsage();
      for (let k = 0; k < 100; k++) {
        fanOut();
        await new Promise((resolve) => setImmediate(resolve));
      }
      const c = process.cpuUsage(c0);
      const per = (us) => (us / (100 * sockets)).toFixed(1);
      console.log(
        `${name.padEnd(16)} ${per(c.user + c.system)} µs per socket write (user ${per(c.user)}, kernel ${per(c.system)})`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  child.kill();
  wss.close();
}
