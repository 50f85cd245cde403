import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Google's and Microsoft's OAuth 2.0 endpoints and calendar APIs, as documented, on a
 * loopback port: authorization code + PKCE (S256) with automatic consent, refresh tokens,
 * Calendar v3 calendarList and events (pageToken / nextPageToken, syncToken /
 * nextSyncToken, showDeleted, 410 for a stale sync token), Graph calendars and
 * calendarView/delta (@odata.nextLink / @odata.deltaLink, @removed), modification times
 * (Google `updated`, Graph `lastModifiedDateTime`), DELETE (Google 204, 410 once deleted, 404
 * unknown; Graph 204, 404), 401 for an expired access token, and 429 + Retry-After or a 5xx
 * on demand. The calendar feature's real client code
 * talks to it in tests; the e2e setup starts it too. State is changed through the methods
 * (in-process) or POST /control/... (from another process).
 */
export type FakeProviderName = 'google' | 'outlook';

export interface FakeEvent {
  id: string;
  title: string;
  description?: string;
  location?: string;
  /** ISO date-time, or YYYY-MM-DD for an all-day event. */
  start: string;
  end: string;
  version: number;
  seq: number;
  deleted: boolean;
  /** ISO: the last modification (Google `updated`, Graph `lastModifiedDateTime`). */
  updated: string;
}

interface Store {
  events: Map<string, FakeEvent>;
  /** Sync tokens and delta links older than this answer 410. */
  minCursorSeq: number;
  codes: Map<string, { challenge: string; redirectUri: string }>;
  access: Map<string, number>;
  refresh: Set<string>;
  refreshCalls: number;
  created: number;
  updated: number;
  /** The remote ids DELETE reached, in order (each call, whatever it answered). */
  deletes: string[];
  throttle: number;
  /** The next this many API calls (of `failMethod`, when set) answer `failStatus` (500). */
  failures: number;
  failStatus: number;
  failMethod: string | null;
}

const PAGE_SIZE = 2;
export const FAKE_CALENDAR_ID = 'primary-cal';

export class FakeCalendarProviders {
  url = '';
  private server = http.createServer((req, res) => void this.handle(req, res));
  private seq = 0;
  private next = 0;
  readonly stores: Record<FakeProviderName, Store> = { google: newStore(), outlook: newStore() };
  /** Event listings in progress now, and the most seen at once (background sync across nodes). */
  listing = 0;
  maxListing = 0;
  listings = 0;
  /** How long each event listing takes (ms): makes overlapping syncs overlap. */
  listDelayMs = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The environment a Ruche server needs to use these providers. */
  env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_OAUTH_URL: `${this.url}/google/auth`,
      GOOGLE_TOKEN_URL: `${this.url}/google/token`,
      GOOGLE_CALENDAR_API_URL: `${this.url}/google/api`,
      MICROSOFT_CLIENT_ID: 'ms-client',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      MICROSOFT_OAUTH_URL: `${this.url}/ms/auth`,
      MICROSOFT_TOKEN_URL: `${this.url}/ms/token`,
      MICROSOFT_GRAPH_URL: `${this.url}/ms/api`,
    };
  }

  addEvent(
    p: FakeProviderName,
    e: Omit<FakeEvent, 'id' | 'version' | 'seq' | 'deleted' | 'updated'>,
    at = new Date(),
  ): FakeEvent {
    const event = {
      ...e,
      id: `${p}-evt-${++this.next}`,
      version: 1,
      seq: ++this.seq,
      deleted: false,
      updated: at.toISOString(),
    };
    this.stores[p].events.set(event.id, event);
    return event;
  }

  /** An edit made at the provider, at `at` (now by default). */
  changeEvent(p: FakeProviderName, id: string, change: Partial<FakeEvent>, at = new Date()): void {
    const event = this.stores[p].events.get(id)!;
    Object.assign(event, change, {
      version: event.version + 1,
      seq: ++this.seq,
      updated: at.toISOString(),
    });
  }

  deleteEvent(p: FakeProviderName, id: string, at = new Date()): void {
    this.changeEvent(p, id, { deleted: true }, at);
  }

  /** The next `calls` API calls (of `method` only, when given) answer `status`. */
  failNext(p: FakeProviderName, calls: number, status = 500, method: string | null = null): void {
    Object.assign(this.stores[p], { failures: calls, failStatus: status, failMethod: method });
  }

  liveEvents(p: FakeProviderName): FakeEvent[] {
    return [...this.stores[p].events.values()].filter((e) => !e.deleted);
  }

  expireAccessTokens(p: FakeProviderName): void {
    this.stores[p].access.clear();
  }

  revokeRefreshTokens(p: FakeProviderName): void {
    this.stores[p].refresh.clear();
    this.stores[p].access.clear();
  }

  invalidateCursors(p: FakeProviderName): void {
    this.stores[p].minCursorSeq = this.seq + 1;
  }

  throttleNext(p: FakeProviderName, calls: number): void {
    this.stores[p].throttle = calls;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const body = await readBody(req);
    const send = (status: number, data?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(data === undefined ? '' : JSON.stringify(data));
    };
    const [, root, ...rest] = url.pathname.split('/');
    if (root === 'control') return this.control(req.method ?? 'GET', rest, body, send);
    const p: FakeProviderName | null =
      root === 'google' ? 'google' : root === 'ms' ? 'outlook' : null;
    if (!p) return send(404, { error: 'not found' });
    const store = this.stores[p];
    const [kind, ...path] = rest;
    if (kind === 'auth') return this.authorize(store, url, res);
    if (kind === 'token') return this.token(store, new URLSearchParams(body), send);
    if (kind !== 'api') return send(404, { error: 'not found' });

    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const expiry = store.access.get(bearer);
    if (!expiry || expiry < Date.now()) {
      return send(401, { error: { code: 401, message: 'Invalid Credentials' } });
    }
    if (store.throttle > 0) {
      store.throttle--;
      return send(429, { error: { code: 429, message: 'Rate limit' } }, { 'retry-after': '1' });
    }
    if (store.failures > 0 && (!store.failMethod || store.failMethod === req.method)) {
      store.failures--;
      if (req.method === 'DELETE') store.deletes.push(url.pathname.split('/').pop()!);
      return send(store.failStatus, {
        error: { code: store.failStatus, message: 'Backend Error' },
      });
    }
    const json = body ? JSON.parse(body) : {};
    const listing = req.method === 'GET' && /\/(events|delta)$/.test(url.pathname);
    if (listing) {
      this.listings++;
      this.maxListing = Math.max(this.maxListing, ++this.listing);
      await new Promise((resolve) => setTimeout(resolve, this.listDelayMs));
      this.listing--;
    }
    return p === 'google'
      ? this.google(store, req.method!, path, url, json, send)
      : this.graph(store, req.method!, path, url, json, send);
  }

  private control(method: string, path: string[], body: string, send: Send) {
    const [p, action] = path as [FakeProviderName, string];
    const input = body ? JSON.parse(body) : {};
    if (action === 'events' && method === 'GET') return send(200, this.liveEvents(p));
    if (action === 'events' && path[2]) {
      // An edit made at the provider: { change, at? } (at: ISO, now by default).
      if (!this.stores[p].events.has(path[2])) return send(404, { error: 'unknown event' });
      const at = input.at ? new Date(input.at) : new Date();
      this.changeEvent(p, path[2], input.change ?? {}, at);
      return send(200, this.stores[p].events.get(path[2]));
    }
    if (action === 'events') return send(201, this.addEvent(p, input));
    if (action === 'revoke') {
      this.revokeRefreshTokens(p);
      return send(204);
    }
    return send(404, { error: 'unknown control' });
  }

  private authorize(store: Store, url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const redirect = new URL(q.get('redirect_uri')!);
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      redirect.searchParams.set('error', 'invalid_request');
    } else {
      const code = token('code');
      store.codes.set(code, {
        challenge: q.get('code_challenge')!,
        redirectUri: q.get('redirect_uri')!,
      });
      redirect.searchParams.set('code', code);
    }
    redirect.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  private token(store: Store, form: URLSearchParams, send: Send) {
    const issue = (withRefresh: boolean) => {
      const access = token('at');
      store.access.set(access, Date.now() + 3600_000);
      const answer: Record<string, unknown> = {
        access_token: access,
        token_type: 'Bearer',
        expires_in: 3600,
      };
      if (withRefresh) {
        const refresh = token('rt');
        store.refresh.add(refresh);
        answer.refresh_token = refresh;
      }
      return answer;
    };
    if (form.get('grant_type') === 'authorization_code') {
      const code = store.codes.get(form.get('code') ?? '');
      store.codes.delete(form.get('code') ?? '');
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (!code || code.challenge !== challenge || code.redirectUri !== form.get('redirect_uri')) {
        return send(400, { error: 'invalid_grant', error_description: 'Bad code or verifier' });
      }
      return send(200, issue(true));
    }
    if (form.get('grant_type') === 'refresh_token') {
      store.refreshCalls++;
      if (!store.refresh.has(form.get('refresh_token') ?? '')) {
        return send(400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      }
      return send(200, issue(false));
    }
    return send(400, { error: 'unsupported_grant_type' });
  }

  /** The changes a cursor asks for, a page at a time: [events of this page, next offset]. */
  private page(store: Store, since: number, offset: number, upTo: number, showDeleted = false) {
    const all = [...store.events.values()]
      .filter((e) => e.seq > since && e.seq <= upTo && (since > 0 || showDeleted || !e.deleted))
      .sort((a, b) => a.seq - b.seq);
    const slice = all.slice(offset, offset + PAGE_SIZE);
    return { slice, more: offset + PAGE_SIZE < all.length };
  }

  private google(
    store: Store,
    method: string,
    path: string[],
    url: URL,
    json: WriteBody,
    send: Send,
  ) {
    if (path.join('/') === 'users/me/calendarList') {
      return send(200, {
        items: [{ id: FAKE_CALENDAR_ID, summary: 'Agenda principal', primary: true }],
      });
    }
    if (path[0] !== 'calendars' || path[2] !== 'events') return send(404, { error: 'not found' });
    const toGoogle = (e: FakeEvent) => ({
      id: e.id,
      etag: `"${e.version}"`,
      status: e.deleted ? 'cancelled' : 'confirmed',
      updated: e.updated,
      summary: e.title,
      description: e.description,
      location: e.location,
      start: e.start.length === 10 ? { date: e.start } : { dateTime: e.start },
      end: e.end.length === 10 ? { date: e.end } : { dateTime: e.end },
    });
    if (method === 'GET') {
      const q = url.searchParams;
      let since = 0;
      let upTo = this.seq;
      let offset = 0;
      if (q.get('pageToken'))
        [since, offset, upTo] = q.get('pageToken')!.split(':').map(Number) as [
          number,
          number,
          number,
        ];
      else if (q.get('syncToken')) {
        since = Number(q.get('syncToken')!.replace(/^sync-/, ''));
        if (since < store.minCursorSeq) {
          return send(410, {
            error: {
              code: 410,
              message: 'Sync token is no longer valid, a full sync is required.',
            },
          });
        }
      }
      // Cancelled events come with a sync token always, in a full listing with showDeleted.
      const showDeleted = q.get('showDeleted') === 'true';
      const { slice, more } = this.page(store, since, offset, upTo, showDeleted);
      return send(200, {
        items: slice.map(toGoogle),
        ...(more
          ? { nextPageToken: `${since}:${offset + PAGE_SIZE}:${upTo}` }
          : { nextSyncToken: `sync-${upTo}` }),
      });
    }
    const fromGoogle = (b: WriteBody) => ({
      title: b.summary ?? '',
      description: b.description,
      location: typeof b.location === 'string' ? b.location : undefined,
      start: b.start?.date ?? b.start?.dateTime ?? '',
      end: b.end?.date ?? b.end?.dateTime ?? '',
    });
    if (method === 'POST') {
      store.created++;
      return send(200, toGoogle(this.addEvent('google', fromGoogle(json))));
    }
    if (method === 'PATCH' && path[3]) {
      store.updated++;
      this.changeEvent('google', path[3], fromGoogle(json));
      return send(200, toGoogle(store.events.get(path[3])!));
    }
    if (method === 'DELETE' && path[3]) {
      store.deletes.push(path[3]);
      const event = store.events.get(path[3]);
      if (!event) return send(404, { error: { code: 404, message: 'Not Found' } });
      if (event.deleted) {
        return send(410, { error: { code: 410, message: 'Resource has been deleted' } });
      }
      this.deleteEvent('google', path[3]);
      return send(204);
    }
    return send(405, { error: 'method' });
  }

  private graph(
    store: Store,
    method: string,
    path: string[],
    url: URL,
    json: WriteBody,
    send: Send,
  ) {
    const toGraph = (e: FakeEvent) =>
      e.deleted
        ? { id: e.id, '@removed': { reason: 'deleted' } }
        : {
            id: e.id,
            changeKey: `ck${e.version}`,
            lastModifiedDateTime: `${graphTime(e.updated)}Z`,
            subject: e.title,
            body: { contentType: 'text', content: e.description ?? '' },
            location: { displayName: e.location ?? '' },
            isAllDay: e.start.length === 10,
            start: { dateTime: graphTime(e.start), timeZone: 'UTC' },
            end: { dateTime: graphTime(e.end), timeZone: 'UTC' },
          };
    const joined = path.join('/');
    if (joined === 'me/calendars') {
      return send(200, {
        value: [{ id: FAKE_CALENDAR_ID, name: 'Calendrier', isDefaultCalendar: true }],
      });
    }
    if (
      method === 'GET' &&
      path[0] === 'me' &&
      path[1] === 'calendars' &&
      path[3] === 'calendarView'
    ) {
      const q = url.searchParams;
      let since = 0;
      let offset = 0;
      let upTo = this.seq;
      if (q.get('$skiptoken'))
        [since, offset, upTo] = q.get('$skiptoken')!.split(':').map(Number) as [
          number,
          number,
          number,
        ];
      else if (q.get('$deltatoken')) {
        since = Number(q.get('$deltatoken'));
        if (since < store.minCursorSeq) {
          return send(410, {
            error: { code: 'SyncStateNotFound', message: 'The sync state is no longer valid.' },
          });
        }
      } else if (!q.get('startDateTime') || !q.get('endDateTime')) {
        return send(400, {
          error: {
            code: 'ErrorInvalidParameter',
            message: 'startDateTime and endDateTime are required',
          },
        });
      }
      const base = `${this.url}/ms/api/${joined}`;
      const { slice, more } = this.page(store, since, offset, upTo);
      return send(200, {
        value: slice.map(toGraph),
        ...(more
          ? { '@odata.nextLink': `${base}?$skiptoken=${since}:${offset + PAGE_SIZE}:${upTo}` }
          : { '@odata.deltaLink': `${base}?$deltatoken=${upTo}` }),
      });
    }
    const fromGraph = (b: WriteBody) => {
      const at = (t: WriteBody['start']) =>
        b.isAllDay ? (t?.dateTime ?? '').slice(0, 10) : `${t?.dateTime ?? ''}Z`;
      const place = typeof b.location === 'object' ? b.location.displayName : undefined;
      return {
        title: b.subject ?? '',
        description: b.body?.content || undefined,
        location: place || undefined,
        start: at(b.start),
        end: at(b.end),
      };
    };
    if (method === 'POST' && path[3] === 'events') {
      store.created++;
      return send(201, toGraph(this.addEvent('outlook', fromGraph(json))));
    }
    if (method === 'PATCH' && path[1] === 'events' && path[2]) {
      store.updated++;
      this.changeEvent('outlook', path[2], fromGraph(json));
      return send(200, toGraph(store.events.get(path[2])!));
    }
    if (method === 'DELETE' && path[1] === 'events' && path[2]) {
      store.deletes.push(path[2]);
      const event = store.events.get(path[2]);
      if (!event || event.deleted) {
        return send(404, {
          error: { code: 'ErrorItemNotFound', message: 'The specified object was not found.' },
        });
      }
      this.deleteEvent('outlook', path[2]);
      return send(204);
    }
    return send(404, { error: 'not found' });
  }
}

/** The fields of an event write, in either provider's shape. */
interface WriteBody {
  summary?: string;
  subject?: string;
  description?: string;
  body?: { content?: string };
  location?: string | { displayName?: string };
  start?: { date?: string; dateTime?: string };
  end?: { date?: string; dateTime?: string };
  isAllDay?: boolean;
}

type Send = (status: number, data?: unknown, headers?: Record<string, string>) => void;

const newStore = (): Store => ({
  events: new Map(),
  minCursorSeq: 0,
  codes: new Map(),
  access: new Map(),
  refresh: new Set(),
  refreshCalls: 0,
  created: 0,
  updated: 0,
  deletes: [],
  throttle: 0,
  failures: 0,
  failStatus: 500,
  failMethod: null,
});

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
/** Graph writes UTC times with seven decimals and no offset. */
const graphTime = (v: string) =>
  v.length === 10 ? `${v}T00:00:00.0000000` : new Date(v).toISOString().replace('Z', '0000');

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
  });
}
