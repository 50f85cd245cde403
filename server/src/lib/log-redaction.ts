import type { FastifyRequest, RouteOptions } from 'fastify';

/**
 * What the logs keep of an address (docs/security.md, "Secrets in the logs"). The rule fails
 * closed: a value is kept only when its parameter is named below as harmless, so a new route
 * or query parameter carrying a secret is redacted without anyone remembering to list it.
 */
const REDACTED = '[redacted]';

/** Path parameters that are record ids (UUIDs their routes check): kept. Any other is a secret. */
export const PUBLIC_PATH_PARAMS: ReadonlySet<string> = new Set([
  'id',
  'memberId',
  'inviteId',
  'participantId',
]);

/** Query parameters whose values are cursors, ids or flags: kept. Any other value is replaced. */
export const PUBLIC_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'after',
  'around',
  'before',
  'cursor',
  'from',
  'iss',
  'link',
  'mentions',
  'message',
  'oidc',
  'pick',
  'unread',
]);

/** Query parameters whose value is one of our own paths (where to go after signing in). */
const NESTED_PATH_PARAMS: ReadonlySet<string> = new Set(['next']);

/**
 * The web app's pages whose path carries something other than an id (web/src/app/router.tsx):
 * the not-found handler serves them, so no server route names them, and their parameter is
 * redacted like a secret. The console's section (`/admin/utilisateurs`) is none, but the rule
 * fails closed rather than learn which words are harmless. log-redaction.test.ts checks the
 * list against the router.
 */
export const SECRET_PAGES: readonly string[] = [
  '/join-channel/:code',
  '/join/:code',
  '/admin/:section?',
];

/** A route pattern's segments, each marked literal, secret (a non-public parameter) or public. */
type Pattern = ReadonlyArray<{ literal: string } | { secret: boolean; rest: boolean }>;

function compile(route: string): Pattern {
  return route
    .split('/')
    .filter(Boolean)
    .map((segment, index) => {
      // A catch-all of the whole space (CORS's `OPTIONS *`) names no secret; `/x/*` may hold one.
      if (segment === '*') return { secret: index > 0, rest: true };
      const names = [...segment.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
      if (names.length === 0) return { literal: segment.toLowerCase() };
      return { secret: names.some((name) => !PUBLIC_PATH_PARAMS.has(name)), rest: false };
    });
}

const hasSecret = (pattern: Pattern) => pattern.some((s) => 'secret' in s && s.secret);

/** The positions (among non-empty segments) that a pattern says are secret in this path. */
function markSecrets(pattern: Pattern, segments: readonly string[], marks: Set<number>): void {
  for (let i = 0; i < pattern.length && i < segments.length; i++) {
    const part = pattern[i]!;
    if ('literal' in part) {
      if (part.literal !== segments[i]!.toLowerCase()) return;
      continue;
    }
    if (!part.secret) continue;
    if (!part.rest) {
      marks.add(i);
      continue;
    }
    for (let j = i; j < segments.length; j++) marks.add(j);
    return;
  }
}

function redactPath(pathname: string, patterns: readonly Pattern[]): string {
  const all = pathname.split('/');
  const nonEmpty = all.flatMap((segment, index) => (segment ? [index] : []));
  const segments = nonEmpty.map((index) => all[index]!);
  const marks = new Set<number>();
  // A prefix is enough: `/api/calendar/feed/<secret>.ics/` (no route) is redacted too.
  for (const pattern of patterns) markSecrets(pattern, segments, marks);
  for (const mark of marks) all[nonEmpty[mark]!] = REDACTED;
  return all.join('/');
}

function redactQuery(query: string, patterns: readonly Pattern[]): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key: string;
      try {
        key = decodeURIComponent(rawKey);
      } catch {
        return REDACTED;
      }
      if (eq < 0) return key.length <= 32 ? rawKey : REDACTED;
      if (PUBLIC_QUERY_PARAMS.has(key)) return pair;
      if (NESTED_PATH_PARAMS.has(key)) {
        const value = safeDecode(pair.slice(eq + 1));
        return `${rawKey}=${value?.startsWith('/') ? redactWith(value, patterns) : REDACTED}`;
      }
      return `${key.length <= 32 ? rawKey : REDACTED}=${REDACTED}`;
    })
    .join('&');
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The address as logs may keep it: secret path segments (by the patterns) and every query
 * value not known harmless replaced; an absolute address keeps its origin without credentials.
 * Anything unparsable is dropped whole.
 */
function redactWith(target: string, patterns: readonly Pattern[]): string {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    // A request's own target, logged as it came (no URL parsing: it runs for every request);
    // a fragment is never sent by a browser, so one here is dropped.
    const hash = target.indexOf('#');
    const url = hash < 0 ? target : target.slice(0, hash);
    const mark = url.indexOf('?');
    if (mark < 0) return redactPath(url, patterns);
    const query = url.slice(mark + 1);
    return (
      redactPath(url.slice(0, mark), patterns) + (query ? `?${redactQuery(query, patterns)}` : '')
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    return REDACTED;
  }
  const query = parsed.search.slice(1);
  const path = redactPath(parsed.pathname, patterns);
  return `${parsed.protocol}//${parsed.host}${path}${query ? `?${redactQuery(query, patterns)}` : ''}`;
}

/** For one address with these route patterns (tests); the app's logger uses createLogRedaction. */
export function redactUrl(url: string, routes: readonly string[] = SECRET_PAGES): string {
  return redactWith(url, routes.map(compile).filter(hasSecret));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's log redaction (app.ts), read by its tests. */
    logRedaction: LogRedaction;
  }
}

export interface LogRedaction {
  /** pino serializers: the request (method, redacted URL, host, address), and any `url` logged. */
  readonly serializers: {
    req: (request: FastifyRequest) => Record<string, unknown>;
    url: (url: unknown) => unknown;
  };
  /** Fastify's onRoute hook: every route registered teaches the redaction its parameters. */
  onRoute(route: RouteOptions): void;
  redactUrl(url: string): string;
  /** Every route pattern with a parameter seen so far (for the test that checks them all). */
  readonly routesWithParams: readonly string[];
}

/**
 * The app's redaction: the web pages' patterns, then each server route's as it is registered.
 * Headers are never serialized (cookies, `Authorization`, the socket's bearer subprotocol).
 */
export function createLogRedaction(): LogRedaction {
  const patterns: Pattern[] = SECRET_PAGES.map(compile);
  const routesWithParams: string[] = [];
  const seen = new Set<string>();
  const redact = (url: string) => redactWith(url, patterns);
  return {
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redact(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      url: (url) => (typeof url === 'string' ? redact(url) : url),
    },
    onRoute(route) {
      if (!/[:*]/.test(route.url) || seen.has(route.url)) return;
      seen.add(route.url);
      routesWithParams.push(route.url);
      const pattern = compile(route.url);
      if (hasSecret(pattern)) patterns.push(pattern);
    },
    redactUrl: redact,
    routesWithParams,
  };
}
