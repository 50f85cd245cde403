import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One request the push service received. */
export interface PushReceived {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  origin: string;
  received: PushReceived[];
  /** Per path, the most requests it had on their way at once. */
  mostAtOnce: Map<string, number>;
  /** A browser's push subscription on this service: its ECDH key pair and auth secret. */
  device(endpointPath: string): PushDevice;
  close(): Promise<void>;
}

export interface PushDevice {
  endpoint: string;
  ecdh: crypto.ECDH;
  authSecret: Buffer;
  json(previews: boolean): {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    previews: boolean;
  };
}

/**
 * A Web Push service on 127.0.0.1 (HTTPS, a self-signed certificate this process's HTTPS
 * agent is told to trust until `close`): it records every request and answers 201, or 410
 * under `/gone`; under `/slow` it answers 300 ms after the request came.
 */
export async function startPushService(): Promise<PushService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ruche-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  const received: PushReceived[] = [];
  const inFlight = new Map<string, number>();
  const mostAtOnce = new Map<string, number>();
  const server = https.createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert },
    (req, res) => {
      const at = req.url ?? '';
      const now = (inFlight.get(at) ?? 0) + 1;
      inFlight.set(at, now);
      mostAtOnce.set(at, Math.max(mostAtOnce.get(at) ?? 0, now));
      res.on('close', () => inFlight.set(at, (inFlight.get(at) ?? 1) - 1));
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: at, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = at.startsWith('/gone') ? 410 : 201;
        if (at.startsWith('/slow')) setTimeout(() => res.end(), 300);
        else res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The server under test runs in this process: its HTTPS requests trust this service.
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  return {
    origin,
    received,
    mostAtOnce,
    device(endpointPath) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = crypto.randomBytes(16);
      const endpoint = `${origin}${endpointPath}`;
      return {
        endpoint,
        ecdh,
        authSecret,
        json: (previews) => ({
          endpoint,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
          previews,
        }),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        https.globalAgent.options.ca = previousCa;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
