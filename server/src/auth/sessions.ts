import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import DataLoader from 'dataloader';
import { and, eq, gt, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SOCKET_BEARER_PREFIX } from '#shared/session-token';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from './schema';

export const SESSION_COOKIE = 'ruche_session';

const isHttpsDeployment = (config: Config) => config.publicUrl?.startsWith('https://') ?? false;

/**
 * Over https the cookie takes the `__Host-` prefix: the browser then keeps it for this exact
 * host, path / and Secure only, so a sibling subdomain cannot plant or shadow it (finding 8).
 */
export const sessionCookieName = (config: Config) =>
  isHttpsDeployment(config) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

/**
 * The session token a request carries, and how: `Authorization: Bearer`, or on a socket
 * upgrade the `bearer.<token>` subprotocol (the app: docs/mobile.md), else the cookie. A
 * request with a bearer token is judged by it alone, its cookies ignored.
 */
export function readSessionToken(
  request: FastifyRequest,
  config: Config,
): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    return { token: authorization.slice('Bearer '.length).trim(), via: 'bearer' };
  }
  const protocols = request.headers['sec-websocket-protocol'];
  if (protocols) {
    for (const offered of protocols.split(',')) {
      const protocol = offered.trim();
      if (protocol.startsWith(SOCKET_BEARER_PREFIX)) {
        return { token: protocol.slice(SOCKET_BEARER_PREFIX.length), via: 'bearer' };
      }
    }
  }
  const cookie = request.cookies[sessionCookieName(config)];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/**
 * Whether raw headers may carry a session token the way readSessionToken reads one, before
 * any parsing: what an upgrade is let past the raw connection with (realtime/register.ts).
 */
export function mayCarrySessionToken(headers: IncomingHttpHeaders, config: Config): boolean {
  if (headers.authorization?.startsWith('Bearer ')) return true;
  if (headers['sec-websocket-protocol']?.includes(SOCKET_BEARER_PREFIX)) return true;
  return headers.cookie?.includes(`${sessionCookieName(config)}=`) ?? false;
}

/** The row key: SHA-256 of the token, so the table never holds a usable credential. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  config: Config,
  userId: string,
  userAgent?: string,
): Promise<{ token: string; expire: Date }> {
  const token = randomBytes(32).toString('base64url'); // 256 bits from the CSPRNG
  const now = new Date();
  const expire = new Date(now.getTime() + Math.min(config.sessionTtlMs, config.sessionMaxMs));
  const iso = now.toISOString();
  await db.insert(sessions).values({
    sid: hashToken(token),
    sess: { userId, createdAt: iso, lastUsedAt: iso, ...(userAgent ? { userAgent } : {}) },
    expire,
  });
  return { token, expire };
}

/** How often a session in use records its last use (the sessions list shows it). */
const LAST_USE_STEP_MS = 15 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

type SessionRow = { sid: string; expire: Date; sess: SessionData; user: SessionUser };
type SessionData = typeof sessions.$inferSelect.sess;

/**
 * Every API request runs this lookup, so the look-ups of one event-loop turn go to the
 * store as ONE query (`sid = any(…)`): one round trip and one socket write for all of them,
 * where each write costs tens of microseconds of kernel time here (docs/performance-log.md,
 * "History: figures at commit 2820319").
 * Its SQL is built once per database (building it each time cost 150–370 µs of CPU per
 * request); Drizzle sends it unnamed, so the embedded store's shared session sees no named
 * statements.
 */
const loaders = new WeakMap<Db, DataLoader<string, SessionRow | undefined>>();

/**
 * Sids asked together, filled up to SIDS_PLANNED_FOR with '' (no sid: sids are SHA-256 hex).
 * PostgreSQL costs a generic plan of `= any($1)` for ten elements: for two it never beat a
 * custom plan, and the look-up was planned at every call under load; for sixteen it does, and
 * the plan is kept. An empty probe of the primary key costs less than planning
 * (docs/performance-log.md, capacity, "2026-11-28, 18:30").
 */
const SIDS_PLANNED_FOR = 16;
const padded = (sids: readonly string[]) =>
  sids.length >= SIDS_PLANNED_FOR
    ? [...sids]
    : [...sids, ...Array<string>(SIDS_PLANNED_FOR - sids.length).fill('')];

function sessionLoader(db: Db) {
  let loader = loaders.get(db);
  if (loader) return loader;
  const lookup = (sids: SQL) =>
    db
      .select({ sid: sessions.sid, expire: sessions.expire, sess: sessions.sess, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
      .where(and(sids, gt(sessions.expire, sql.placeholder('now'))));
  // A turn with one look-up (most of them) asks by `sid = $1`: PostgreSQL plans that once and
  // keeps the plan. `= any($1)` it planned at every call — a generic plan costed for ten
  // sids never beat a custom one for one — four fifths of the time it spent on the lookup
  // (docs/performance-log.md, capacity, "2026-11-28, 12:00").
  const one = lookup(eq(sessions.sid, sql.placeholder('sid'))).prepare('resolve_session');
  const many = lookup(sql`${sessions.sid} = any(${sql.placeholder('sids')}::varchar[])`).prepare(
    'resolve_sessions',
  );
  loader = new DataLoader<string, SessionRow | undefined>(
    async (sids) => {
      const now = new Date().toISOString();
      const rows =
        sids.length === 1
          ? await one.execute({ sid: sids[0], now })
          : await many.execute({ sids: padded(sids), now });
      const bySid = new Map(rows.map((row) => [row.sid, row]));
      return sids.map((sid) => bySid.get(sid));
    },
    { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
  );
  loaders.set(db, loader);
  return loader;
}

/** The signed-in user behind a cookie token, or null when it is unknown or expired. */
export async function resolveSession(
  db: Db,
  config: Config,
  token: string,
): Promise<{ sid: string; user: SessionUser; renewedUntil?: Date } | null> {
  const sid = hashToken(token);
  const now = new Date();
  const row = await sessionLoader(db).load(sid);
  // A deactivated account's sessions are gone; one that raced the deactivation counts for nothing.
  if (!row || row.user.deactivatedAt) return null;
  // Sliding expiry: a session in use is extended once less than half its life remains
  // (the caller sends the cookie again with the new date), never past its absolute end
  // (SESSION_MAX_DAYS after sign-in).
  const end = Date.parse(row.sess.createdAt) + config.sessionMaxMs;
  const sliding = Math.min(now.getTime() + config.sessionTtlMs, end);
  const renew =
    row.expire.getTime() - now.getTime() < config.sessionTtlMs / 2 &&
    sliding > row.expire.getTime();
  const lastUsed = Date.parse(row.sess.lastUsedAt ?? row.sess.createdAt);
  const touch = now.getTime() - lastUsed > LAST_USE_STEP_MS;
  if (!renew && !touch) return { sid, user: row.user };
  const renewedUntil = renew ? new Date(sliding) : undefined;
  await db
    .update(sessions)
    .set({
      sess: sql`${sessions.sess} || ${JSON.stringify({ lastUsedAt: now.toISOString() })}::jsonb`,
      ...(renewedUntil ? { expire: renewedUntil } : {}),
    })
    .where(eq(sessions.sid, sid));
  return { sid, user: row.user, ...(renewedUntil ? { renewedUntil } : {}) };
}

/** What the sessions list shows of one session; `id` is not the row key. */
export interface SessionSummary {
  id: string;
  sid: string;
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string;
}

/** The id a session is shown and ended by: derived from the row key, useless as a cookie. */
export const publicSessionId = (sid: string) =>
  createHash('sha256').update(`session:${sid}`).digest('hex').slice(0, 32);

/** A user's live sessions, most recently used first. */
export async function listUserSessions(db: Db, userId: string): Promise<SessionSummary[]> {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .where(and(sql`${sessions.sess}->>'userId' = ${userId}`, gt(sessions.expire, new Date())));
  return rows
    .map(({ sid, sess }) => ({
      id: publicSessionId(sid),
      sid,
      userAgent: sess.userAgent ?? null,
      createdAt: sess.createdAt,
      lastUsedAt: sess.lastUsedAt ?? sess.createdAt,
    }))
    .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** End a user's sessions (all, or all but one); the sids ended, for their sockets. */
export async function destroyUserSessions(
  db: Db,
  userId: string,
  options: { except?: string; only?: string } = {},
): Promise<string[]> {
  const gone = await db
    .delete(sessions)
    .where(
      and(
        sql`${sessions.sess}->>'userId' = ${userId}`,
        options.except ? ne(sessions.sid, options.except) : undefined,
        options.only ? eq(sessions.sid, options.only) : undefined,
      ),
    )
    .returning({ sid: sessions.sid });
  return gone.map((row) => row.sid);
}

/**
 * The user of a session still valid now, by its hashed id: what a socket, authenticated at
 * its upgrade, checks before each write it makes (the session may have expired or been
 * deleted since). Batched with the turn's other look-ups.
 */
export async function findSessionUser(db: Db, sid: string): Promise<SessionUser | null> {
  const row = await sessionLoader(db).load(sid);
  return row?.user ?? null;
}

export async function destroySession(db: Db, sid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

/** Delete expired sessions; the sids deleted, whose sockets must close. */
export async function deleteExpiredSessions(db: Db): Promise<string[]> {
  const gone = await db
    .delete(sessions)
    .where(lt(sessions.expire, new Date()))
    .returning({ sid: sessions.sid });
  return gone.map((row) => row.sid);
}

function isSecure(request: FastifyRequest, config: Config): boolean {
  return config.publicUrl?.startsWith('https://') ?? request.protocol === 'https';
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  token: string,
  expire: Date,
): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
    expires: expire,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), { path: '/', secure: isHttpsDeployment(config) });
}
