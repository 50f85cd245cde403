import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';

// docs/realtime.md, "Admission": an upgrade that is not taken is answered once and its
// connection closed. Node stopped reading it as HTTP when it emitted 'upgrade', so nothing
// else would ever close it, and a second request written on it would never be answered.

/** How a raw connection carrying one upgrade ended: what came back, and whether it closed. */
interface RawOutcome {
  status: number;
  body: string;
  /** Closed within the second after the answer. */
  closed: boolean;
  /** HTTP answers received in all, after a second request was written on the connection. */
  answers: number;
}

function rawUpgrade(
  server: TestServer,
  requestLine: string,
  headers: readonly string[] = [],
): Promise<RawOutcome> {
  const port = Number(new URL(server.url).port);
  const request = [
    requestLine,
    'Host: x',
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ...headers,
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    let closed = false;
    let settled = false;
    socket.on('data', (chunk) => {
      const first = received === '';
      received += chunk.toString('latin1');
      if (!first) return;
      // The answer is in: it must close within the second; then a second request is tried.
      setTimeout(() => {
        if (!closed) socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
        setTimeout(finish, 300);
      }, 1000);
    });
    socket.on('close', () => {
      closed = true;
    });
    socket.on('error', () => undefined);
    const giveUp = setTimeout(() => reject(new Error('no answer within 3 s')), 3000);
    function finish() {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({
        status: Number(head.split(' ')[1]),
        body,
        closed,
        answers: received.match(/HTTP\/1\.1 \d{3}/g)?.length ?? 0,
      });
    }
  });
}

describe('an upgrade that is not taken', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('to an address that cannot be decoded gets a French 400 and its connection closed', async () => {
    const outcome = await rawUpgrade(server, 'GET /%C0 HTTP/1.1');
    expect(outcome).toMatchObject({ status: 400, closed: true, answers: 1 });
    expect(JSON.parse(outcome.body)).toEqual({ message: expect.stringMatching(/adresse/i) });
  });

  it('to a path that is not /ws gets a French 404 and its connection closed', async () => {
    const outcome = await rawUpgrade(server, 'GET /nope HTTP/1.1', ['Cookie: ruche_session=x']);
    expect(outcome).toMatchObject({ status: 404, closed: true, answers: 1 });
    expect(JSON.parse(outcome.body)).toEqual({ message: expect.any(String) });
  });

  it('to /ws that Fastify refuses (a foreign Origin, a method other than GET) has its connection closed', async () => {
    const foreign = await rawUpgrade(server, 'GET /ws HTTP/1.1', [
      'Cookie: ruche_session=x',
      'Origin: https://evil.example',
    ]);
    expect(foreign).toMatchObject({ status: 403, closed: true, answers: 1 });
    const posted = await rawUpgrade(server, 'POST /ws HTTP/1.1', ['Cookie: ruche_session=x']);
    expect(posted).toMatchObject({ closed: true, answers: 1 });
  });
});
