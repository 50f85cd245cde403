import { sql } from 'drizzle-orm';
import { DIGEST_DEFAULT_DELAY, DIGEST_DEFAULT_PERIOD, DIGEST_ITEMS_MAX } from '#shared/digest';
import type { Mailer } from '../../auth/mailer';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/store-gate';
import { uuids } from '../../db/values';
import type { Deps } from '../deps';
import { findUnseen, oldestUnseenSql } from '../notifications/unseen';
import type { Availability } from './availability';
import { digestMail } from './mail';
import { digestSettings, digestState } from './schema';
import { unsubscribeUrl } from './tokens';

/** People looked at per tick; more wait for the next one. */
const BATCH = 500;
/** A node that claimed someone's e-mail and died lets go after this. */
export const DIGEST_LEASE_MS = 2 * 60_000;
/**
 * Nothing older is ever mailed: the first e-mail after the feature is turned on (or after a
 * long absence of the sender) does not dig up last month. A day's period plus the longest
 * delay fits in it, so nothing waiting for its turn falls out.
 */
export const DIGEST_LOOKBACK_MS = 48 * 3600_000;
/**
 * An e-mail covers what was written up to this long before its tick: an item whose
 * transaction began just before and commits just after is in the next one, never lost.
 */
const SETTLE_MS = 5_000;

const minutes = (n: number) => n * 60_000;

export interface DigestDeps extends Pick<Deps, 'db' | 'realtime' | 'log'> {
  mailer: Mailer;
  /** The app's public address (PUBLIC_URL): the e-mail's links. */
  origin: string;
  secret: string;
  /** Hold the e-mail while the person is not to be disturbed (availability.ts). */
  isAvailable: Availability;
}

interface Candidate {
  userId: string;
  email: string;
  delay: number;
  period: number;
  oldest: Date;
  lastSeenAt: Date | null;
  lastSentAt: Date | null;
}

const date = (value: unknown) =>
  value === null || value === undefined ? null : new Date(String(value));

/**
 * The people with something unseen that no e-mail covered yet (docs/product.md, « E-mail
 * récapitulatif »), their settings and bookkeeping, in one statement across the notifications
 * and this feature: only accounts someone signs in to (an imported, unclaimed one has no
 * password nor provider identity), not deactivated, with the e-mail on.
 */
async function findCandidates(db: Db, now: Date): Promise<Candidate[]> {
  const lookback = new Date(now.getTime() - DIGEST_LOOKBACK_MS).toISOString();
  const unseen = oldestUnseenSql(
    (userId) => sql`greatest(${lookback}::timestamptz,
      (select c.covered_until from ${digestState} c where c.user_id = ${userId}))`,
  );
  const rows = await db.execute(sql`
    select u.id, u.email, x.oldest, st.last_seen_at, st.last_sent_at,
      coalesce(ds.delay_minutes, ${DIGEST_DEFAULT_DELAY}) as delay,
      coalesce(ds.period_minutes, ${DIGEST_DEFAULT_PERIOD}) as period
    from (${unseen}) x
    join ${users} u on u.id = x.user_id
    left join ${digestSettings} ds on ds.user_id = u.id
    left join ${digestState} st on st.user_id = u.id
    where u.email is not null and u.deactivated_at is null
      and (u.password_hash is not null or u.oidc_subject is not null)
      and coalesce(ds.enabled, true)
    order by x.oldest
    limit ${BATCH}`);
  return [...rows].map((r) => ({
    userId: String(r.id),
    email: String(r.email),
    delay: Number(r.delay),
    period: Number(r.period),
    oldest: date(r.oldest) ?? now,
    lastSeenAt: date(r.last_seen_at),
    lastSentAt: date(r.last_sent_at),
  }));
}

/** These people are here now: an e-mail waits until they have been away for their delay. */
async function markSeen(db: Db, userIds: string[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into ${digestState} (user_id, last_seen_at)
    select id, ${now.toISOString()}::timestamptz from unnest(${uuids(userIds)}) as id
    on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`);
}

const isDue = (c: Candidate, now: number) =>
  c.oldest.getTime() <= now - minutes(c.delay) &&
  (!c.lastSeenAt || c.lastSeenAt.getTime() <= now - minutes(c.delay)) &&
  (!c.lastSentAt || c.lastSentAt.getTime() <= now - minutes(c.period));

/**
 * Take the right to send this person's e-mail now: one statement, so of several nodes one
 * wins; it checks again, against the row, that the e-mail is on, that the period has passed
 * and that the person was not seen within their delay. The start of what it may cover (the
 * store's text: microseconds kept), or null when another node has it (or it is no longer due).
 */
async function claim(deps: DigestDeps, c: Candidate, now: Date): Promise<string | null> {
  const at = now.getTime();
  const rows = await deps.db.execute(sql`
    insert into ${digestState} as st (user_id, claimed_until)
    select ${c.userId}::uuid, ${new Date(at + DIGEST_LEASE_MS).toISOString()}::timestamptz
    where coalesce((select s.enabled from ${digestSettings} s where s.user_id = ${c.userId}::uuid), true)
    on conflict (user_id) do update set claimed_until = excluded.claimed_until
    where (st.claimed_until is null or st.claimed_until < ${now.toISOString()}::timestamptz)
      and (st.last_sent_at is null
        or st.last_sent_at <= ${new Date(at - minutes(c.period)).toISOString()}::timestamptz)
      and (st.last_seen_at is null
        or st.last_seen_at <= ${new Date(at - minutes(c.delay)).toISOString()}::timestamptz)
    returning greatest(st.covered_until,
      ${new Date(at - DIGEST_LOOKBACK_MS).toISOString()}::timestamptz)::text as after`);
  const [row] = [...rows];
  return row ? String(row.after) : null;
}

/**
 * Let go of the claim; after a sent e-mail, record it: when, and up to which item it covered
 * (the newest one's own time: what the store makes visible later, though written earlier, is
 * in the next e-mail).
 */
async function release(
  db: Db,
  userId: string,
  sent?: { coveredUntil: string; total: number; now: Date },
) {
  await db.execute(
    sent
      ? sql`update ${digestState} set claimed_until = null,
          last_sent_at = ${sent.now.toISOString()}::timestamptz,
          covered_until = ${sent.coveredUntil}::timestamptz, last_count = ${sent.total}
          where user_id = ${userId}::uuid`
      : sql`update ${digestState} set claimed_until = null where user_id = ${userId}::uuid`,
  );
}

/** One person's e-mail, once claimed: what is unseen now, read again at this moment. */
async function sendOne(deps: DigestDeps, c: Candidate, after: string, now: Date): Promise<boolean> {
  const upTo = new Date(now.getTime() - SETTLE_MS);
  try {
    const { items, total, newest } = await findUnseen(deps.db, c.userId, {
      after,
      upTo,
      limit: DIGEST_ITEMS_MAX,
    });
    if (total === 0 || !newest) {
      await release(deps.db, c.userId);
      return false;
    }
    await deps.mailer.send(
      digestMail({
        to: c.email,
        origin: deps.origin,
        items,
        total,
        unsubscribeUrl: unsubscribeUrl(deps.origin, deps.secret, c.userId),
      }),
    );
    await release(deps.db, c.userId, { coveredUntil: newest, total, now });
    return true;
  } catch (err) {
    // The lease lets go, and a later tick tries again (the address stays out of the log).
    deps.log.warn({ err, userId: c.userId }, 'digest e-mail not sent yet');
    await release(deps.db, c.userId).catch(() => undefined);
    return false;
  }
}

/**
 * One tick at `now` (docs/product.md, « E-mail récapitulatif »): who has something unseen;
 * of them, who is here (their last-seen time moves); the others whose oldest unseen item is
 * older than their delay, who have been away that long, whose period has passed and who
 * may be disturbed get their e-mail, each claimed by one node. Returns how many were sent.
 */
export async function sendDueDigests(deps: DigestDeps, now: Date = new Date()): Promise<number> {
  const candidates = await findCandidates(deps.db, now);
  if (candidates.length === 0) return 0;
  const presence = await deps.realtime.presenceOf(candidates.map((c) => c.userId));
  const here = candidates.filter((c) => presence.get(c.userId) === 'online');
  await markSeen(
    deps.db,
    here.map((c) => c.userId),
    now,
  );
  let sent = 0;
  for (const c of candidates) {
    if (presence.get(c.userId) === 'online' || !isDue(c, now.getTime())) continue;
    if (!(await deps.isAvailable(deps.db, c.userId, now))) continue;
    const after = await claim(deps, c, now);
    if (after && (await sendOne(deps, c, after, now))) sent++;
  }
  return sent;
}

/**
 * Every node ticks every `intervalMs` (DIGEST_POLL_MS) in the store's background slots;
 * the claim makes one of them send each e-mail. Returns its stop.
 */
export function startDigests(deps: DigestDeps, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    inBackground(() => sendDueDigests(deps))
      .catch((err: unknown) => deps.log.warn({ err }, 'digest tick failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
