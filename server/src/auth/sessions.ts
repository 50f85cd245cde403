import { createHash, randomBytes } from 'node:crypto';
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

/** The signed-in user behind a cookie token, or null when it is unknown or expired. */
/**
 * Every API request runs this lookup: its SQL is built once per database (measured in
 * docs/performance.md: building it each time cost 150–370 µs of CPU per request). Drizzle
 * sends it unnamed, so the embedded store's shared session sees no named statements.
 */
const lookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();
const buildSessionLookup = (db: Db) =>
  db
    .select({ expire: sessions.expire, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
    .where(
      and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('resolve_session');

function sessionLookup(db: Db) {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = buildSessionLookup(db);
    lookups.set(db, lookup);
  }
  return lookup;
}

export async function resolveSession(
  db: Db,
  config: Config,
  token: string,
): Promise<{ sid: string; user: SessionUser; renewedUntil?: Date } | null> {
  const sid = hashToken(token);
  const now = new Date();
  const [row] = await sessionLookup(db).execute({ sid, now: now.toISOString() });
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
