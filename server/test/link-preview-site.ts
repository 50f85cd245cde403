/**
 * Web sites for the link previews' tests (features/link-previews): small HTTP servers on
 * loopback that count what reaches them. The server refuses loopback, as it must; so a test
 * gives its fetcher a resolver (names → public addresses) and a route (where such a checked
 * public address is served here: on one of these loopback servers). That is
 * config.linkPreviews.network, set by code only (never the environment).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LinkPreviewNetwork } from '../src/config';

/** The network of a test server that names none (server.ts): no link is fetched. */
export const OFFLINE: LinkPreviewNetwork = {
  resolve: async (hostname) => {
    throw new Error(`${hostname}: tests resolve no name`);
  },
};

/** A public address (unicast, not documentation): what the test names resolve to. */
export const PUBLIC_ADDRESS = '93.184.216.34';
/** Another one, for a second site. */
export const OTHER_PUBLIC_ADDRESS = '93.184.216.35';

export type Page = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface TestSite {
  port: number;
  /** http://127.0.0.1:port — what the server must never fetch itself. */
  url: string;
  /** Requests received, by path (query included). */
  hits: string[];
  /** Serve `path` (exact, query included). */
  page(path: string, handler: Page): void;
  close(): Promise<void>;
}

export async function startSite(host = '127.0.0.1'): Promise<TestSite> {
  const pages = new Map<string, Page>();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const handler = pages.get(req.url ?? '');
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('absent');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://${host}:${port}`,
    hits,
    page: (path, handler) => pages.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An HTML page with these head elements (`<meta>`, `<title>`, `<link>`) as written. */
export const htmlPage =
  (head: string, headers: Record<string, string> = {}): Page =>
  (_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers })
      .end(`<!doctype html><html><head>${head}</head><body><p>Bonjour</p></body></html>`);
  };

export const ogHead = (title: string, extra = '') =>
  `<meta property="og:title" content="${title}"><meta property="og:site_name" content="Exemple">` +
  `<meta property="og:description" content="Une page d’exemple">${extra}`;

/**
 * The fetcher's network for a test: `names` resolve as the function says (others do not
 * resolve), and each public address in `sites` is served by that loopback site.
 */
export function testNetwork(
  names: Record<string, () => string[]>,
  sites: Record<string, TestSite>,
): LinkPreviewNetwork & { lookups: string[] } {
  const lookups: string[] = [];
  return {
    lookups,
    resolve: async (hostname) => {
      lookups.push(hostname);
      const answer = names[hostname];
      if (!answer) throw new Error(`${hostname}: not found`);
      return answer().map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    route: (address, port) => {
      const site = sites[address];
      return site ? { address: '127.0.0.1', port: site.port } : { address, port };
    },
  };
}
