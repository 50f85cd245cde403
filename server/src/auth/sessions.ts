import { createHash, randomBytes } from 'node:crypto';
import DataLoader from 'dataloader';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

export const SESSION_COOKIE = 'ruche_session';

/** The row key: SHA-256 of the token, so the table never holds a usable credential. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  config: Config,
  userId: string,
  userAgent?: string,
): Promise<{ token: string; expire: Date }> {
  const token = randomBytes(32).toString('base64url'); // 256 bits from the CSPRNG
  const expire = new Date(Date.now() + config.sessionTtlMs);
  await db.insert(sessions).values({
    sid: hashToken(token),
    sess: { userId, createdAt: new Date().toISOString(), ...(userAgent ? { userAgent } : {}) },
    expire,
  });
  return { token, expire };
}

export type SessionUser = typeof users.$inferSelect;

type SessionRow = { sid: string; expire: Date; user: SessionUser };

/**
 * Every API request runs this lookup, so the look-ups of one event-loop turn go to the
 * store as ONE query (`sid = any(…)`): one round trip and one socket write for all of them,
 * where each write costs tens of microseconds of kernel time here (docs/performance.md).
 * Its SQL is built once per database (building it each time cost 150–370 µs of CPU per
 * request); Drizzle sends it unnamed, so the embedded store's shared session sees no named
 * statements.
 */
const loaders = new WeakMap<Db, DataLoader<string, SessionRow | undefined>>();

function sessionLoader(db: Db) {
  let loader = loaders.get(db);
  if (loader) return loader;
  const lookup = db
    .select({ sid: sessions.sid, expire: sessions.expire, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
    .where(
      and(
        sql`${sessions.sid} = any(${sql.placeholder('sids')}::varchar[])`,
        gt(sessions.expire, sql.placeholder('now')),
      ),
    )
    .prepare('resolve_sessions');
  loader = new DataLoader<string, SessionRow | undefined>(
    async (sids) => {
      const rows = await lookup.execute({ sids: [...sids], now: new Date().toISOString() });
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
  if (!row) return null;
  // Sliding expiry: a session in use is extended once less than half its life remains
  // (the caller sends the cookie again with the new date).
  if (row.expire.getTime() - now.getTime() < config.sessionTtlMs / 2) {
    const renewedUntil = new Date(now.getTime() + config.sessionTtlMs);
    await db.update(sessions).set({ expire: renewedUntil }).where(eq(sessions.sid, sid));
    return { sid, user: row.user, renewedUntil };
  }
  return { sid, user: row.user };
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

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(lt(sessions.expire, new Date()))
    .returning({ sid: sessions.sid });
  return gone.length;
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
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
    expires: expire,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
