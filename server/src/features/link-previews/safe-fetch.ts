import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { isPublicAddress } from '../../lib/public-address';

/**
 * The server's fetches of pages its users link to (docs/security.md, « Aperçus de liens »):
 * a message's author chooses the address, so every connection is checked as if an attacker
 * chose it. Only public addresses (lib/public-address.ts): the host is resolved once per
 * connection, every answer checked, and the socket connects to the checked address itself
 * (pinned), so a name that answers a public address to the check and a private one to the
 * connection (DNS rebinding) never reaches the inside. Redirects are followed by hand, each
 * hop checked again; one time budget for the whole chain; the body read up to a cap; no
 * cookies, no credentials, an identifying User-Agent.
 */

/** A host's addresses, as `dns.lookup(host, { all: true })` gives them. */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * How the fetcher reaches the network. Production: the system resolver, each checked address
 * connected to as it is. Tests only (config.linkPreviews.network, never the environment):
 * their own resolver, and `route`, where a checked public address is actually served on this
 * machine (a loopback site standing in for it). The check itself is never replaced.
 */
export interface PreviewNetwork {
  resolve: Resolve;
  route?: ((address: string, port: number) => { address: string; port: number }) | undefined;
}

/** Why a fetch gave nothing: logged at debug, never shown. */
export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface SafeFetchOptions {
  network: PreviewNetwork;
  userAgent: string;
  /** The Accept header, and which Content-Types are read (others refused). */
  accept: string;
  acceptType: (contentType: string) => boolean;
  /** Bytes read at most: past it, `truncate` keeps the start, otherwise the fetch is refused. */
  maxBytes: number;
  truncate: boolean;
  maxRedirects: number;
  /** The whole chain's budget, redirects included. */
  timeoutMs: number;
}

export interface Fetched {
  /** The address finally answered (after redirects). */
  url: URL;
  contentType: string;
  body: Buffer;
}

/** The address the socket goes to: the first of the host's, when every one of them is public. */
export async function checkedAddress(host: string, resolve: Resolve): Promise<string> {
  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw new FetchRefused(`${host} is not a public address`);
    return host;
  }
  const answers = await resolve(host).catch(() => {
    throw new FetchRefused(`${host} did not resolve`);
  });
  const [first] = answers;
  if (!first) throw new FetchRefused(`${host} did not resolve`);
  const inside = answers.find((a) => !isPublicAddress(a.address));
  if (inside) throw new FetchRefused(`${host} resolves to ${inside.address}, not public`);
  return first.address;
}

/** undici's connector, given the checked address instead of the name (TLS still checks the name). */
function pinnedConnector(network: PreviewNetwork, timeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ timeout: timeoutMs });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
    checkedAddress(host, network.resolve).then(
      (address) => {
        const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
        const target = network.route?.(address, port) ?? { address, port };
        connect(
          {
            ...options,
            hostname: target.address,
            port: String(target.port),
            ...(net.isIP(host) ? {} : { servername: host }),
          },
          callback,
        );
      },
      (err: Error) => callback(err, null),
    );
  };
}

/** What may be fetched at all: http or https, no credentials in the address. */
export function checkUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused(`${url.protocol} is not fetched`);
  }
  if (url.username || url.password) throw new FetchRefused('credentials in the address');
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  options: SafeFetchOptions,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const room = options.maxBytes - size;
    if (chunk.length > room) {
      body.destroy();
      if (!options.truncate) throw new FetchRefused(`more than ${options.maxBytes} bytes`);
      chunks.push(chunk.subarray(0, room));
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks);
}

/** GET `start`, following up to maxRedirects redirects, each hop checked like the first. */
export async function safeFetch(start: URL, options: SafeFetchOptions): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const agent = new Agent({
    connect: pinnedConnector(options.network, options.timeoutMs),
    // One request per connection: nothing is kept between fetches.
    pipelining: 0,
  });
  try {
    let url = start;
    for (let hop = 0; ; hop++) {
      checkUrl(url);
      const res = await request(url, {
        dispatcher: agent,
        method: 'GET',
        signal,
        headers: {
          'user-agent': options.userAgent,
          accept: options.accept,
          'accept-language': 'fr, en;q=0.8',
        },
      });
      if (REDIRECTS.has(res.statusCode)) {
        await res.body.dump();
        const location = res.headers.location;
        if (typeof location !== 'string') throw new FetchRefused('redirect without a location');
        if (hop >= options.maxRedirects) throw new FetchRefused('too many redirects');
        url = new URL(location, url);
        continue;
      }
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new FetchRefused(`answered ${res.statusCode}`);
      }
      const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
      if (!options.acceptType(contentType)) {
        await res.body.dump();
        throw new FetchRefused(`${contentType || 'no content type'} is not read`);
      }
      const length = Number(res.headers['content-length']);
      if (!options.truncate && length > options.maxBytes) {
        res.body.destroy();
        throw new FetchRefused(`${length} bytes announced`);
      }
      return { url, contentType, body: await readCapped(res.body, options) };
    }
  } finally {
    void agent.destroy().catch(() => undefined);
  }
}
