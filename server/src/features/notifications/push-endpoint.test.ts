/**
 * The push endpoint rules (push-endpoint.ts) without a server: which addresses are refused,
 * and that the agent connects to the address its lookup checked — a resolver is injected, so
 * a name can resolve to what a rebinding DNS server would answer.
 */
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressAllowed,
  checkEndpoint,
  type PushEndpointPolicy,
  pushAgent,
  type Resolve,
  refuseEndpoint,
} from './push-endpoint';

const strict: PushEndpointPolicy = { allowedHosts: [], allowPrivateNetworks: false };
const lan: PushEndpointPolicy = { allowedHosts: ['push.lan.test'], allowPrivateNetworks: true };

describe('addresses', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.7',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
  ])('%s is refused', (address) => {
    expect(addressAllowed(address, false)).toBe(false);
  });

  it.each(['142.250.74.42', '17.253.144.10', '2a00:1450:4007:80c::200a', '::ffff:8.8.8.8'])(
    '%s is allowed',
    (address) => {
      expect(addressAllowed(address, false)).toBe(true);
    },
  );

  it('allows the LAN with PUSH_ALLOW_PRIVATE_NETWORKS, never a metadata service nor link-local', () => {
    for (const address of ['127.0.0.1', '10.0.0.7', '192.168.1.1', 'fd12::1', '100.64.0.1']) {
      expect(addressAllowed(address, true)).toBe(true);
    }
    for (const address of ['169.254.169.254', 'fd00:ec2::254', 'fe80::1', '0.0.0.0', '224.0.0.1']) {
      expect(addressAllowed(address, true)).toBe(false);
    }
  });
});

describe('endpoints', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', null],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', null],
    ['https://web.push.apple.com/QGx', null],
    ['https://wns2-par02p.notify.windows.com/w/?token=abc', null],
    ['http://fcm.googleapis.com/fcm/send/abc', 'https'],
    ['https://fcm.googleapis.com.evil.example/fcm/send/abc', 'connu'],
    ['https://notify.windows.com.evil.example/w', 'connu'],
    ['https://evilpush.apple.com/x', 'connu'],
    ['https://127.0.0.1/x', 'connu'],
    // web-push reads the endpoint with url.parse, which finds no host in these (then
    // https.request goes to localhost) where new URL finds fcm.googleapis.com: only the
    // canonical form, which both read alike, is taken.
    ['https:fcm.googleapis.com/fcm/send/abc', 'forme'],
    ['https:/fcm.googleapis.com/fcm/send/abc', 'forme'],
    ['https:evil.example@fcm.googleapis.com/fcm/send/abc', 'forme'],
    ['https://FCM.googleapis.com/fcm/send/abc', 'forme'],
    ['https://evil.example@fcm.googleapis.com/fcm/send/abc', 'identifiant'],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', 'port'],
  ])('%s', (endpoint, refusal) => {
    const refused = refuseEndpoint(endpoint, strict);
    if (refusal === null) expect(refused).toBeNull();
    else expect(refused?.message).toContain(refusal);
  });

  it('checks every address of an allowed host at subscribe', async () => {
    const resolveTo =
      (...addresses: string[]): Resolve =>
      async () =>
        addresses.map((address) => ({ address, family: net.isIP(address) }));
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    expect(await checkEndpoint(endpoint, strict, resolveTo('142.250.74.42'))).toBeNull();
    const rebound = await checkEndpoint(endpoint, strict, resolveTo('142.250.74.42', '127.0.0.1'));
    expect(rebound?.message).toMatch(/réseau interne/);
    const lost = await checkEndpoint(endpoint, strict, async () => {
      throw new Error('ENOTFOUND');
    });
    expect(lost?.message).toMatch(/introuvable/);
  });
});

describe('the agent', () => {
  let listener: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  /** One request through the agent; how it ended and how many connections it made here. */
  async function send(agent: https.Agent, url: string) {
    const before = connections;
    const error = await new Promise<Error>((resolve) => {
      const request = https.request(url, { agent, method: 'POST', timeout: 5_000 }, () =>
        resolve(new Error('answered')),
      );
      request.on('error', resolve);
      request.end();
    });
    agent.destroy();
    return { error, connections: connections - before };
  }

  it('connects to the address its lookup checked, not to what the system resolves', async () => {
    // `push.lan.test` resolves nowhere but through the injected resolver: reaching the
    // listener proves the socket took the checked address.
    const agent = pushAgent(
      { allowedHosts: [`push.lan.test:${port}`], allowPrivateNetworks: true },
      { resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    );
    const { error, connections: made } = await send(agent, `https://push.lan.test:${port}/p`);
    expect(made).toBe(1);
    expect(error.name).not.toBe('PushEndpointRefused');
  });

  it('refuses a name that now resolves into the server’s network (rebinding), before any connection', async () => {
    const agent = pushAgent(
      { allowedHosts: [`push.lan.test:${port}`], allowPrivateNetworks: false },
      {
        resolve: async () => [
          { address: '142.250.74.42', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ],
      },
    );
    const { error, connections: made } = await send(agent, `https://push.lan.test:${port}/p`);
    expect(error.message).toMatch(/réseau interne/);
    expect(made).toBe(0);
  });

  it('connects only to an allowed host and port, whatever the host the request names', async () => {
    // What web-push makes of `https:fcm.googleapis.com/x` (url.parse: no hostname), which
    // https.request sends to localhost: on a LAN policy that address would be allowed.
    const agent = pushAgent(lan, {
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    for (const target of [
      { hostname: null, port },
      { hostname: 'localhost', port },
      { hostname: 'push.lan.test', port },
    ]) {
      const before = connections;
      const error = await new Promise<Error>((resolve) => {
        const request = https.request(
          { ...target, path: '/x', agent, method: 'POST', timeout: 5_000 },
          () => resolve(new Error('answered')),
        );
        request.on('error', resolve);
        request.end();
      });
      agent.destroy();
      expect({ target, error: error.message }).toEqual({
        target,
        error: expect.stringMatching(/Service push refusé/),
      });
      expect(connections - before).toBe(0);
    }
  });

  it('refuses an address written as the host, which no lookup sees', async () => {
    // Allowed by the list, on the listener's port: the address rule alone refuses them.
    const hosts = ['127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]'];
    const agent = pushAgent({
      allowedHosts: hosts.map((host) => `${host}:${port}`),
      allowPrivateNetworks: false,
    });
    for (const host of hosts.slice(0, 2)) {
      const { error, connections: made } = await send(agent, `https://${host}:${port}/p`);
      expect(error.message).toMatch(/réseau interne/);
      expect(made).toBe(0);
    }
  });
});
