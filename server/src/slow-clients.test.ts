import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/server';
import { TestSocket } from '../test/test-socket';
import { loadConfig } from './config';

// docs/operations.md, "Timeouts": a client that trickles its request cannot hold a
// connection (a descriptor) for long; a WebSocket, once upgraded, is not a request.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '1000' },
  });
});
afterAll(() => server?.close());

/** Open a raw connection, write `bytes`, and resolve with what came back when it closed. */
function trickle(bytes: string): Promise<{ answer: string; afterMs: number }> {
  const { port } = new URL(server.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - started }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the connection open'));
    }, 5000);
  });
}

describe('slow clients', () => {
  it('a request whose headers never end is answered 408 and closed', async () => {
    const { answer, afterMs } = await trickle('GET /api/auth/user HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(400);
    expect(afterMs).toBeLessThan(3000);
  });

  it('a body that never arrives is answered 408 and closed', async () => {
    const { answer, afterMs } = await trickle(
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeGreaterThanOrEqual(900);
    expect(afterMs).toBeLessThan(4000);
  });

  it('an oversized chunked body gets its 413 before the connection closes', async () => {
    const url = new URL('/api/login', server.url);
    const answer = await new Promise<string>((resolve) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve(`${res.statusCode} ${body}`));
      });
      req.on('error', (err) => resolve(`error ${err.message}`));
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      // 2.5 MiB, past the 1 MiB limit, written as fast as the server reads.
      const write = () => {
        while (sent < 40) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    expect(answer).toBe('413 {"message":"Requête trop volumineuse"}');
  });

  it('an open WebSocket outlives the request timeout', async () => {
    const alice = await buildUser(server);
    const socket = await TestSocket.open(server, alice.client);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    socket.send({ type: 'ping' });
    await socket.next((event) => event.type === 'pong');
    socket.ws.terminate();
  });

  it('defaults to 10 s for headers and 2 min for a whole request', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 120_000 });
  });
});
