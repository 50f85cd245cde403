import { eq, sql } from 'drizzle-orm';
import {
  DIGEST_ACCOUNT_GONE,
  DIGEST_DEFAULT_DELAY,
  DIGEST_DEFAULT_PERIOD,
  type DigestSettings,
  type DigestSettingsInput,
} from '#shared/digest';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { presentSettings } from './presenter';
import { digestSettings } from './schema';

const columns = {
  enabled: digestSettings.enabled,
  delayMinutes: digestSettings.delayMinutes,
  periodMinutes: digestSettings.periodMinutes,
};

const DEFAULTS = {
  enabled: true,
  delayMinutes: DIGEST_DEFAULT_DELAY,
  periodMinutes: DIGEST_DEFAULT_PERIOD,
};

/**
 * Whether the instance can mail this person: SMTP configured (`canMail`) and an address on
 * the account.
 */
async function reachable(db: Db, userId: string, canMail: boolean): Promise<boolean> {
  if (!canMail) return false;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return Boolean(row?.email);
}

export async function getDigestSettings(
  db: Db,
  userId: string,
  canMail: boolean,
): Promise<DigestSettings> {
  const [row] = await db
    .select(columns)
    .from(digestSettings)
    .where(eq(digestSettings.userId, userId));
  return presentSettings(row ?? DEFAULTS, await reachable(db, userId, canMail));
}

export async function updateDigestSettings(
  db: Db,
  userId: string,
  input: DigestSettingsInput,
  canMail: boolean,
): Promise<DigestSettings> {
  const [row] = await db
    .insert(digestSettings)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: digestSettings.userId, set: { ...input, updatedAt: sql`now()` } })
    .returning(columns);
  return presentSettings(row ?? input, await reachable(db, userId, canMail));
}

/**
 * The one-click unsubscribe (RFC 8058): the e-mail off for this person, without signing in.
 * Idempotent: a second click finds it off and leaves it so. 404 for an account now gone.
 */
export async function unsubscribe(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(DIGEST_ACCOUNT_GONE);
  await db
    .insert(digestSettings)
    .values({ userId, enabled: false })
    .onConflictDoUpdate({
      target: digestSettings.userId,
      set: { enabled: false, updatedAt: sql`now()` },
    });
}
