import { sql } from 'drizzle-orm';
import type { Mailer } from '../../auth/mailer';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/store-gate';
import type { Deps } from '../deps';
import { getTimeZone } from '../reminders/service';
import { dateIn } from './day';
import { isWorkingAt, nextSendAt } from './email-settings';
import { isEmptyDay, myDayMail } from './mail';
import { myDayEmails } from './schema';
import { getMyDay } from './service';
import { unsubscribeUrl } from './tokens';

/** People claimed per tick; more wait for the next one (a Monday 9:00 drains over a few). */
const BATCH = 50;
/** A node that claimed someone's e-mail and died lets go after this. */
export const MY_DAY_LEASE_MS = 5 * 60_000;

export interface MyDayEmailDeps extends Pick<Deps, 'db' | 'log'> {
  mailer: Mailer;
  /** The app's public address (PUBLIC_URL): the e-mail's links. */
  origin: string;
  secret: string;
}

interface Claimed {
  userId: string;
  email: string;
  /** The claim's lease end, as the store wrote it (its fence: microseconds kept). */
  lease: string;
  /** The tick's instant: the one given, else the store's clock. */
  at: Date;
}

/**
 * Take the e-mails due at `now` (the store's clock when not given): ONE statement moves each
 * due row's `next_send_at` to a lease over rows locked `FOR UPDATE SKIP LOCKED`, so of nodes
 * ticking together each row goes to one, and a row is not due again until the lease ends.
 * Only accounts with an address that are not deactivated.
 */
async function claimDue(db: Db, now?: Date): Promise<Claimed[]> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const rows = await db.execute<{ user_id: string; email: string; lease: string; at_ms: string }>(
    sql`
    update ${myDayEmails} e
    set next_send_at = ${at} + ${MY_DAY_LEASE_MS} * interval '1 millisecond'
    from ${users} u
    where u.id = e.user_id and e.user_id in (
      select d.user_id from ${myDayEmails} d
      join ${users} du on du.id = d.user_id
      where d.enabled and d.next_send_at <= ${at}
        and du.email is not null and du.deactivated_at is null
      order by d.next_send_at
      limit ${BATCH}
      for update of d skip locked)
    returning e.user_id, u.email, e.next_send_at::text as lease,
      (extract(epoch from ${at}) * 1000)::text as at_ms`,
  );
  return [...rows].map((r) => ({
    userId: String(r.user_id),
    email: String(r.email),
    lease: String(r.lease),
    at: new Date(Math.round(Number(r.at_ms))),
  }));
}

/**
 * Move a claimed row to its next time, if the claim is still ours (no other node took it
 * after the lease ended, the person did not turn it off or on meanwhile).
 */
async function moveOn(db: Db, c: Claimed, next: Date, sent: boolean): Promise<boolean> {
  const rows = await db.execute(sql`
    update ${myDayEmails} set next_send_at = ${next.toISOString()}::timestamptz
      ${sent ? sql`, last_sent_at = ${c.at.toISOString()}::timestamptz` : sql``}
    where user_id = ${c.userId}::uuid and enabled and next_send_at = ${c.lease}::timestamptz
    returning user_id`);
  return [...rows].length > 0;
}

/**
 * One person's e-mail, once claimed. Outside their working time (a day off, time off, a tick
 * late after every node was down): none, the next working start instead. Else their day, built
 * as the page builds it: nothing to say, no e-mail. The row moves to the next working start
 * BEFORE the send, so a node that dies mid-way never makes it go twice; a refused send puts it
 * back, tried again after the lease.
 */
async function sendOne(deps: MyDayEmailDeps, c: Claimed): Promise<boolean> {
  const { db } = deps;
  const working = await isWorkingAt(db, c.userId, c.at);
  const next = await nextSendAt(db, c.userId, c.at);
  if (!working) {
    await moveOn(db, c, next, false);
    return false;
  }
  const { timeZone } = await getTimeZone(db, c.userId);
  const day = await getMyDay(db, c.userId, dateIn(timeZone, c.at));
  if (isEmptyDay(day)) {
    await moveOn(db, c, next, false);
    return false;
  }
  if (!(await moveOn(db, c, next, true))) return false;
  try {
    await deps.mailer.send(
      myDayMail({
        to: c.email,
        origin: deps.origin,
        day,
        unsubscribeUrl: unsubscribeUrl(deps.origin, deps.secret, c.userId),
      }),
    );
    return true;
  } catch (err) {
    // Tried again after the lease, if still its day's working time (the address stays out of
    // the log).
    deps.log.warn({ err, userId: c.userId }, 'my-day e-mail not sent yet');
    const retry = new Date(c.at.getTime() + MY_DAY_LEASE_MS).toISOString();
    await db.execute(sql`
      update ${myDayEmails} set next_send_at = ${retry}::timestamptz
      where user_id = ${c.userId}::uuid and enabled
        and next_send_at = ${next.toISOString()}::timestamptz`);
    return false;
  }
}

/**
 * One tick (docs/product.md, « Ma journée »): every e-mail due at `now` (the store's clock when
 * not given), each claimed by one node. Returns how many were sent.
 */
export async function sendDueMyDays(deps: MyDayEmailDeps, now?: Date): Promise<number> {
  const claimed = await claimDue(deps.db, now);
  let sent = 0;
  for (const c of claimed) {
    try {
      if (await sendOne(deps, c)) sent++;
    } catch (err) {
      // The store failed: the lease ends and a later tick takes it again.
      deps.log.warn({ err, userId: c.userId }, 'my-day e-mail not prepared');
    }
  }
  return sent;
}

/**
 * Every node ticks every `intervalMs` (MY_DAY_POLL_MS) in the store's background slots; the
 * claim makes one of them send each e-mail. A row due while every node was down goes at the
 * first tick after a start, if still working time. Returns its stop.
 */
export function startMyDayEmails(deps: MyDayEmailDeps, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    inBackground(() => sendDueMyDays(deps))
      .catch((err: unknown) => deps.log.warn({ err }, 'my-day e-mail tick failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
