import dns from 'node:dns';
import type http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send Web Push (docs/notifications.md, "Where pushes may go"): an
 * endpoint is a URL the browser's push service made, but the server receives it from a
 * client, so it is checked as one: https, a known push service, and an address outside the
 * server's own network — at subscribe, and again at each send on the socket itself
 * (docs/security.md, issue 42 item 2).
 */

/** The public push services of the browsers: an exact host, or `*.` for its subdomains. */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'updates.push.services.mozilla.com', // Firefox (autopush)
  '*.push.services.mozilla.com',
  '*.push.apple.com', // Safari (web.push.apple.com)
  '*.notify.windows.com', // Edge on Windows (WNS)
];

export interface PushEndpointPolicy {
  /** PUSH_ALLOWED_HOSTS: self-hosted push services (UnifiedPush, ntfy) besides the public ones. */
  allowedHosts: readonly string[];
  /** PUSH_ALLOW_PRIVATE_NETWORKS: a push service on the LAN (loopback, RFC 1918, ULA, CGNAT). */
  allowPrivateNetworks: boolean;
}

/** A host's addresses, as `dns.lookup(host, { all: true })` gives them. */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Why an endpoint is refused, in French: the 400's message, and the send's log. */
export class PushEndpointRefused extends Error {
  constructor(
    readonly host: string,
    message: string,
  ) {
    super(`Service push refusé : ${message}`);
    this.name = 'PushEndpointRefused';
  }
}

/** Ranges a LAN push service may sit in, with PUSH_ALLOW_PRIVATE_NETWORKS only. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);
/** Cloud metadata services: never a push service, whatever the settings. */
const METADATA = ['169.254.169.254', 'fd00:ec2::254'].map((a) => ipaddr.parse(a).toString());

/**
 * Whether an address may be connected to: public unicast only (ipaddr.js's `unicast` range:
 * not loopback, private, link-local, unique-local, CGNAT, unspecified, multicast, broadcast,
 * reserved, documentation, nor the IPv6 forms that embed an IPv4 address — NAT64, 6to4,
 * Teredo); an IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
export function addressAllowed(address: string, allowPrivateNetworks: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA.includes(parsed.toString())) return false;
  const range = parsed.range();
  return range === 'unicast' || (allowPrivateNetworks && PRIVATE_RANGES.has(range));
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;

/** The port of https, the only one the public push services are reached on. */
const HTTPS_PORT = 443;

/**
 * The hosts and ports pushes may go to: the public services on 443; a PUSH_ALLOWED_HOSTS
 * entry on 443 too, or on the port it names (`push.lan:8443`, `[fd00::7]:8443`).
 */
function allowedRules(policy: PushEndpointPolicy): Array<{ pattern: string; port: number }> {
  const listed = policy.allowedHosts.map((entry) => {
    const withPort = /^\[(.+)\]:(\d+)$/.exec(entry) ?? /^([^:\]]+):(\d+)$/.exec(entry);
    return withPort
      ? { pattern: withPort[1]!, port: Number(withPort[2]) }
      : { pattern: entry.replace(/^\[(.*)\]$/, '$1'), port: HTTPS_PORT };
  });
  return [...PUSH_SERVICE_HOSTS.map((pattern) => ({ pattern, port: HTTPS_PORT })), ...listed];
}

/** Whether pushes may go to `host` (bare, lower case) on `port`; any port when it is null. */
function hostAllowed(host: string, port: number | null, policy: PushEndpointPolicy): boolean {
  return allowedRules(policy).some(
    (rule) => hostMatches(host, rule.pattern) && (port === null || rule.port === port),
  );
}

/** A URL's host as `net` takes it: lower case, an IPv6 literal without its brackets. */
const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** What can be judged without DNS: the scheme, the host, an address written as the host. */
export function refuseEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
): PushEndpointRefused | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return new PushEndpointRefused('', 'adresse illisible');
  }
  const host = bareHost(url);
  if (url.protocol !== 'https:')
    return new PushEndpointRefused(host, 'l’adresse doit être en https');
  // web-push reads the endpoint with url.parse, not new URL: the two read `https:host/x` or
  // `https:a@host/x` differently (url.parse finds no host; https.request then goes to
  // localhost). The canonical form, which a browser's push service gives, both read alike.
  if (url.href !== endpoint) {
    return new PushEndpointRefused(host, 'l’adresse n’est pas sous sa forme canonique');
  }
  if (url.username || url.password) {
    return new PushEndpointRefused(host, 'l’adresse ne doit pas contenir d’identifiant');
  }
  if (!hostAllowed(host, null, policy)) {
    return new PushEndpointRefused(
      host,
      `${host} n’est pas un service push connu (un administrateur peut l’ajouter à PUSH_ALLOWED_HOSTS)`,
    );
  }
  const port = url.port ? Number(url.port) : HTTPS_PORT;
  if (!hostAllowed(host, port, policy)) {
    return new PushEndpointRefused(
      host,
      `le port ${port} de ${host} n’est pas autorisé (443, ou celui que PUSH_ALLOWED_HOSTS nomme)`,
    );
  }
  if (net.isIP(host) && !addressAllowed(host, policy.allowPrivateNetworks)) return internal(host);
  return null;
}

const internal = (host: string) =>
  new PushEndpointRefused(host, `${host} mène au réseau interne du serveur`);

const unknownHost = (host: string) =>
  new PushEndpointRefused(host, `${host} n’est pas un service push autorisé`);

/** Every address of `host`, each one checked: one inside the server's network refuses them all. */
async function checkedAddresses(
  host: string,
  policy: PushEndpointPolicy,
  resolve: Resolve,
): Promise<Array<{ address: string; family: number }>> {
  const addresses = await resolve(host).catch(() => {
    throw new PushEndpointRefused(host, `${host} est introuvable`);
  });
  if (addresses.length === 0) throw new PushEndpointRefused(host, `${host} est introuvable`);
  if (addresses.some((a) => !addressAllowed(a.address, policy.allowPrivateNetworks))) {
    throw internal(host);
  }
  return addresses;
}

/** At subscribe: the endpoint, and the addresses its host resolves to now; null when allowed. */
export async function checkEndpoint(
  endpoint: string,
  policy: PushEndpointPolicy,
  resolve: Resolve = systemResolve,
): Promise<PushEndpointRefused | null> {
  const refused = refuseEndpoint(endpoint, policy);
  if (refused) return refused;
  const host = bareHost(new URL(endpoint));
  if (net.isIP(host)) return null;
  try {
    await checkedAddresses(host, policy, resolve);
    return null;
  } catch (err) {
    if (err instanceof PushEndpointRefused) return err;
    throw err;
  }
}

type LookupCallback = (
  err: Error | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number,
) => void;

/**
 * The agent web-push sends through. Its `lookup` resolves the host, checks every address and
 * hands the socket only checked ones, so the address checked is the address connected: a
 * name that resolved outside at subscribe and inside now (DNS rebinding) is refused at that
 * send. An address written as the host never reaches `lookup` (net connects to it as it is):
 * `createConnection` checks it. `ca`: the process's trusted authorities (the tests' push
 * service: server/test/push-service.ts).
 */
export function pushAgent(
  policy: PushEndpointPolicy,
  options: { resolve?: Resolve; ca?: https.AgentOptions['ca'] } = {},
): https.Agent {
  const resolve = options.resolve ?? systemResolve;
  const lookup = (
    hostname: string,
    lookupOptions: { family?: number | string; all?: boolean },
    callback: LookupCallback,
  ) => {
    const host = hostname.toLowerCase();
    // Whatever host the request names (web-push's parser may name another than the one
    // checked at subscribe): a host the list does not allow is never resolved.
    if (!hostAllowed(host, null, policy)) return callback(unknownHost(host), '');
    checkedAddresses(host, policy, resolve).then(
      (all) => {
        const family = Number(lookupOptions.family) || 0;
        const usable = family ? all.filter((a) => a.family === family) : all;
        const [first] = usable;
        if (!first)
          return callback(new PushEndpointRefused(hostname, `${hostname} est introuvable`), '');
        if (lookupOptions.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (err: Error) => callback(err, ''),
    );
  };
  return new CheckedAgent(policy, {
    keepAlive: true,
    ...(options.ca ? { ca: options.ca } : {}),
    lookup: lookup as unknown as net.LookupFunction,
  });
}

class CheckedAgent extends https.Agent {
  constructor(
    private readonly policy: PushEndpointPolicy,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(
    options: http.ClientRequestArgs,
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = (options.host ?? '').toLowerCase().replace(/^\[(.*)\]$/, '$1');
    const port = Number(options.port) || HTTPS_PORT;
    // The allow-list again, on the host and port the socket would take: the request may name
    // another than the endpoint checked (url.parse's `localhost` when it finds no host).
    const refused = !hostAllowed(host, port, this.policy)
      ? unknownHost(`${host}:${port}`)
      : net.isIP(host) && !addressAllowed(host, this.policy.allowPrivateNetworks)
        ? internal(host)
        : null;
    if (refused) {
      // The agent's callback takes the error alone (node:_http_agent, createSocket).
      callback?.(refused, undefined as unknown as Duplex);
      return undefined;
    }
    // https.Agent's own: tls.connect with these options, the checked lookup among them.
    return super.createConnection(options, callback);
  }
}
