import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SCHEDULED_ACCESS_LOST, SCHEDULED_FAILURE_MAX } from '#shared/reminders';
import { userDisplayName } from '#shared/user-names';
import { inBackground } from '../../db/store-gate';
import { HttpError } from '../../lib/errors';
import type { Deps } from '../deps';
import { sendMessage } from '../messages/send';
import { presentedMessages } from './messages';
import { reminders, scheduledMessages } from './schema';
import { tellOwner } from './service';

/** Rows claimed per tick; a backlog drains over the following ticks. */
const BATCH = 50;
/** A claimed scheduled message not marked sent by then is claimed again (its node died). */
export const SCHEDULED_LEASE_MS = 60_000;
/** Failures of the store before a scheduled message is given up. */
const MAX_ATTEMPTS = 5;
const NOTE_MAX = 180;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

type DeliveryDeps = Pick<Deps, 'db' | 'realtime' | 'events' | 'log'>;

/**
 * docs/product.md, "Rappels et envois programmés": every reminder due at `now` becomes one
 * notification of its owner. The rows are locked `FOR UPDATE SKIP LOCKED`, so nodes ticking
 * together take different rows; the notification is written by a step in the same
 * transaction that marks the row delivered, so it exists once or not at all.
 */
export async function deliverDueReminders(
  deps: DeliveryDeps,
  now: Date = new Date(),
): Promise<number> {
  // The texts first, without locks (a message read inside the transaction would need another
  // connection: the embedded store has one).
  const candidates = await deps.db
    .select({ id: reminders.id, messageId: reminders.messageId })
    .from(reminders)
    .where(and(isNull(reminders.deliveredAt), lte(reminders.dueAt, now)))
    .orderBy(reminders.dueAt)
    .limit(BATCH);
  if (candidates.length === 0) return 0;
  const messages = await presentedMessages(
    deps.db,
    candidates.flatMap((c) => (c.messageId ? [c.messageId] : [])),
  );
  const ids = candidates.map((c) => c.id);
  const done = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .select({
        id: reminders.id,
        userId: reminders.userId,
        messageId: reminders.messageId,
        channelId: reminders.channelId,
        note: reminders.note,
      })
      .from(reminders)
      .where(and(inArray(reminders.id, ids), sql`${reminders.deliveredAt} is null`))
      .for('update', { skipLocked: true });
    const written: string[] = [];
    for (const r of claimed) {
      const message = r.messageId ? messages.get(r.messageId) : undefined;
      const about = r.note
        ? clip(r.note, NOTE_MAX)
        : message
          ? `un message de ${userDisplayName(message.user) ?? 'quelqu’un'}`
          : 'un message';
      const notice = {
        kind: 'reminder' as const,
        userId: r.userId,
        channelId: r.channelId,
        messageId: r.messageId,
        title: `Rappel : ${about}`,
        content: r.note ?? message?.content ?? null,
        written: [] as string[],
      };
      await deps.events.runWithin(tx, 'personalNoticeDue', notice);
      written.push(...notice.written);
    }
    if (claimed.length > 0) {
      await tx
        .update(reminders)
        .set({ deliveredAt: sql`now()` })
        .where(
          inArray(
            reminders.id,
            claimed.map((r) => r.id),
          ),
        );
    }
    return { written, owners: claimed.map((r) => r.userId) };
  });
  if (done.written.length > 0) {
    deps.events.publish('personalNoticeWritten', { notificationIds: done.written });
  }
  await tellOwner(deps, done.owners, 'reminders_changed');
  return done.owners.length;
}

/**
 * Every scheduled message due at `now` (and any whose claim expired: its node stopped midway)
 * is claimed by one node — an UPDATE over rows picked `FOR UPDATE SKIP LOCKED` — then posted
 * through the messages feature's send, as its author, with the client id `scheduled:<id>`:
 * a second attempt finds the message the first one stored, so each goes out exactly once.
 * A send refused (the author left the channel, or the channel is gone) marks it failed and
 * tells its author.
 */
export async function deliverDueScheduled(
  deps: DeliveryDeps,
  now: Date = new Date(),
): Promise<number> {
  const leaseEnd = new Date(now.getTime() + SCHEDULED_LEASE_MS);
  const claimed = await deps.db
    .update(scheduledMessages)
    .set({
      status: 'sending',
      claimedUntil: leaseEnd,
      attempts: sql`${scheduledMessages.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      inArray(
        scheduledMessages.id,
        deps.db
          .select({ id: scheduledMessages.id })
          .from(scheduledMessages)
          .where(
            or(
              and(eq(scheduledMessages.status, 'pending'), lte(scheduledMessages.dueAt, now)),
              and(eq(scheduledMessages.status, 'sending'), lt(scheduledMessages.claimedUntil, now)),
            ),
          )
          .orderBy(scheduledMessages.dueAt)
          .limit(BATCH)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  for (const row of claimed) {
    try {
      const { message } = await sendMessage({ ...deps }, { id: row.userId }, row.channelId, {
        content: row.content,
        attachments: [],
        clientId: `scheduled:${row.id}`,
        parentMessageId: row.parentMessageId,
        mentions: [],
      });
      await deps.db
        .update(scheduledMessages)
        .set({ status: 'sent', messageId: message.id, claimedUntil: null, updatedAt: sql`now()` })
        .where(and(eq(scheduledMessages.id, row.id), eq(scheduledMessages.status, 'sending')));
    } catch (err) {
      const refused = err instanceof HttpError && err.statusCode < 500;
      if (!refused && row.attempts < MAX_ATTEMPTS) {
        // The store failed: the claim expires and a later tick tries again.
        deps.log.warn({ err, scheduledId: row.id }, 'scheduled message not sent yet');
        continue;
      }
      await failScheduled(deps, row, refused ? failureText(err as HttpError) : 'Envoi impossible');
    }
  }
  await tellOwner(
    deps,
    claimed.map((r) => r.userId),
    'scheduled_messages_changed',
  );
  return claimed.length;
}

function failureText(err: HttpError): string {
  return err.statusCode === 404 || err.statusCode === 403
    ? SCHEDULED_ACCESS_LOST
    : clip(err.message, SCHEDULED_FAILURE_MAX);
}

async function failScheduled(
  deps: DeliveryDeps,
  row: typeof scheduledMessages.$inferSelect,
  failure: string,
): Promise<void> {
  const written = await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(scheduledMessages)
      .set({ status: 'failed', failure, claimedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(scheduledMessages.id, row.id), eq(scheduledMessages.status, 'sending')))
      .returning({ id: scheduledMessages.id });
    if (marked.length === 0) return [];
    const notice = {
      kind: 'scheduled_failed' as const,
      userId: row.userId,
      channelId: null,
      messageId: null,
      title: `Votre message programmé n’est pas parti : ${failure}`,
      content: clip(row.content, NOTE_MAX),
      written: [] as string[],
    };
    await deps.events.runWithin(tx, 'personalNoticeDue', notice);
    return notice.written;
  });
  if (written.length > 0)
    deps.events.publish('personalNoticeWritten', { notificationIds: written });
}

/** One tick: the reminders and the scheduled messages due at `now`. */
export async function deliverDue(deps: DeliveryDeps, now: Date = new Date()): Promise<number> {
  return (await deliverDueReminders(deps, now)) + (await deliverDueScheduled(deps, now));
}

/**
 * Every node ticks every `intervalMs` (REMINDERS_POLL_MS), in the store's background slots
 * (db/store-gate.ts); the row locks above share the work. A row due while every node was down
 * goes at the first tick after a start. Returns its stop.
 */
export function startDelivery(deps: DeliveryDeps, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    inBackground(() => deliverDue(deps))
      .catch((err: unknown) => deps.log.warn({ err }, 'reminders delivery tick failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = setTimeout(tick, Math.min(intervalMs, 1000));
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
