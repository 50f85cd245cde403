import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  htmlPage,
  ogHead,
  PUBLIC_ADDRESS,
  startSite,
  type TestSite,
  testNetwork,
} from '../../../test/link-preview-site';
import { isPublicAddress } from '../../lib/public-address';
import { FetchRefused, type SafeFetchOptions, safeFetch } from './safe-fetch';

// The site stands in for a public address (PUBLIC_ADDRESS); `inside` is the server's own
// network, which nothing may reach: every test checks that it saw no request.
let site: TestSite;
let inside: TestSite;

beforeAll(async () => {
  [site, inside] = await Promise.all([startSite(), startSite()]);
  site.page('/', htmlPage(ogHead('Publique')));
  inside.page('/', htmlPage(ogHead('Interne')));
  inside.page('/page', htmlPage(ogHead('Interne')));
});
afterAll(async () => {
  await Promise.all([site?.close(), inside?.close()]);
});

function options(names: Record<string, () => string[]>, extra: Partial<SafeFetchOptions> = {}) {
  const network = testNetwork(names, { [PUBLIC_ADDRESS]: site });
  const opts: SafeFetchOptions = {
    network,
    userAgent: 'RucheBot/test (+http://ruche.test)',
    accept: 'text/html',
    acceptType: (type) => type.startsWith('text/html'),
    maxBytes: 1024 * 1024,
    truncate: true,
    maxRedirects: 3,
    timeoutMs: 5000,
    ...extra,
  };
  return { opts, lookups: network.lookups };
}

const publicName = { 'public.test': () => [PUBLIC_ADDRESS] };

async function refusal(url: string, opts: SafeFetchOptions): Promise<FetchRefused> {
  const error = await safeFetch(new URL(url), opts).then(
    () => new Error('fetched'),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return error as FetchRefused;
}

describe('isPublicAddress', () => {
  it('allows public unicast only, IPv4-mapped IPv6 judged as its IPv4', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '::ffff:127.0.0.1', // loopback
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '::ffff:192.168.1.1', // private
      '169.254.169.254',
      'fe80::1', // link-local, cloud metadata
      'fc00::1',
      'fd00:ec2::254', // unique-local
      '100.64.0.1', // CGNAT
      '0.0.0.0',
      '::', // unspecified
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255', // multicast, broadcast
      '192.0.2.1',
      '2001:db8::1',
      '240.0.0.1', // documentation, reserved
      '64:ff9b::7f00:1',
      '2002:7f00:1::', // NAT64, 6to4 of loopback
      'not an address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('safeFetch', () => {
  it('reads a public page through the checked address, with its User-Agent and no cookie', async () => {
    let agent: string | undefined;
    site.page('/cookie', (req, res) => {
      agent = req.headers['user-agent'];
      res.writeHead(302, { location: '/cookie-back', 'set-cookie': 'suivi=1; Path=/' }).end();
    });
    let cookieBack: string | undefined = 'not asked';
    site.page('/cookie-back', (req, res) => {
      cookieBack = req.headers.cookie;
      htmlPage(ogHead('Retour'))(req, res);
    });
    const { opts } = options(publicName);
    const fetched = await safeFetch(new URL('http://public.test/cookie'), opts);
    expect(fetched.body.toString()).toContain('Retour');
    expect(fetched.url.href).toBe('http://public.test/cookie-back');
    expect(cookieBack).toBeUndefined();
    expect(agent).toBe('RucheBot/test (+http://ruche.test)');
    expect(inside.hits).toEqual([]);
  });

  it('refuses loopback, private, link-local and mapped addresses, written or resolved', async () => {
    const { opts } = options({
      ...publicName,
      'localhost.test': () => ['127.0.0.1'],
      'lan.test': () => ['192.168.1.20'],
      'metadata.test': () => ['169.254.169.254'],
      'cgnat.test': () => ['100.64.1.1'],
      'ula.test': () => ['fd12::1'],
      'mapped.test': () => ['::ffff:127.0.0.1'],
      // One inside answer refuses the name, whichever the socket would have taken.
      'mixed.test': () => [PUBLIC_ADDRESS, '10.0.0.5'],
    });
    const port = inside.port;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
      `http://2130706433:${port}/`, // 127.0.0.1 as one number
      `http://0x7f.1:${port}/`,
      `http://localhost.test:${port}/`,
      `http://lan.test:${port}/`,
      `http://metadata.test:${port}/`,
      `http://cgnat.test:${port}/`,
      `http://ula.test:${port}/`,
      `http://mapped.test:${port}/`,
      `http://mixed.test:${port}/`,
    ]) {
      await refusal(url, opts);
    }
    await refusal('file:///etc/passwd', opts);
    await refusal(`http://user:secret@public.test/`, opts);
    expect(inside.hits).toEqual([]);
  });

  it('refuses a public page that redirects inside, and no request reaches the inside', async () => {
    site.page('/to-loopback', (_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/` }).end();
    });
    site.page('/to-name', (_req, res) => {
      res.writeHead(307, { location: `http://lan.test:${inside.port}/` }).end();
    });
    const { opts } = options({ ...publicName, 'lan.test': () => ['127.0.0.1'] });
    expect((await refusal('http://public.test/to-loopback', opts)).message).toMatch(/127\.0\.0\.1/);
    await refusal('http://public.test/to-name', opts);
    expect(site.hits).toEqual(expect.arrayContaining(['/to-loopback', '/to-name']));
    expect(inside.hits).toEqual([]);
  });

  it('connects to the address it checked when the name answers inside the second time (DNS rebinding)', async () => {
    site.page('/page', htmlPage(ogHead('Publique')));
    let answers = 0;
    const { opts, lookups } = options({
      // Public to the first question, loopback to any after it.
      'rebind.test': () => (answers++ === 0 ? [PUBLIC_ADDRESS] : ['127.0.0.1']),
    });
    // The inside's port: a fetcher that looked the name up again to connect would reach it.
    const fetched = await safeFetch(new URL(`http://rebind.test:${inside.port}/page`), opts);
    expect(fetched.body.toString()).toContain('Publique');
    expect(lookups).toEqual(['rebind.test']);
    expect(inside.hits).toEqual([]);

    // The next connection asks again, gets the inside: refused.
    await refusal(`http://rebind.test:${inside.port}/page`, opts);
    expect(inside.hits).toEqual([]);
  });

  it('follows three redirects at most, each checked again', async () => {
    for (let i = 0; i < 4; i++) {
      site.page(`/hop${i}`, (_req, res) => res.writeHead(301, { location: `/hop${i + 1}` }).end());
    }
    site.page('/hop4', htmlPage(ogHead('Fin')));
    const { opts } = options(publicName);
    expect((await refusal('http://public.test/hop0', opts)).message).toBe('too many redirects');
    const fetched = await safeFetch(new URL('http://public.test/hop1'), opts);
    expect(fetched.body.toString()).toContain('Fin');
  });

  it('reads up to the byte limit, refuses other types, and gives up after its time', async () => {
    const big = `<html><head><title>Long</title></head><body>${'x'.repeat(200_000)}</body></html>`;
    site.page('/big', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(big));
    site.page('/json', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
    site.page('/slow', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head>');
      // …and never more.
    });
    const { opts } = options(publicName, { maxBytes: 50_000, timeoutMs: 500 });
    const truncated = await safeFetch(new URL('http://public.test/big'), opts);
    expect(truncated.body.length).toBe(50_000);
    await refusal('http://public.test/big', { ...opts, truncate: false });
    await refusal('http://public.test/json', opts);
    const started = Date.now();
    const slow = await safeFetch(new URL('http://public.test/slow'), opts).then(
      () => null,
      (err: unknown) => err,
    );
    expect(slow).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
