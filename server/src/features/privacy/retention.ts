import { eq, sql } from 'drizzle-orm';
import {
  type ChannelRetention,
  RETENTION_CHANNEL_LONGER,
  RETENTION_CHANNEL_NOT_ALLOWED,
  type RetentionPolicy,
} from '#shared/privacy';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { badRequest, forbidden } from '../../lib/errors';
import { channelTopic } from '../channels/topics';
import type { PrivacyDeps } from './exports';
import { channelRetention, retentionPolicy } from './schema';

/** Rows deleted per transaction, and transactions per run: a backlog drains over runs. */
export const RETENTION_BATCH = 500;
const BATCHES_PER_RUN = 20;
/** Any fixed 32-bit number: the lock that lets one node at a time apply retention. */
const RETENTION_LOCK = 0x52_45_54_4e; // "RETN"

type Row = Record<string, unknown>;

export async function getPolicy(db: Db): Promise<RetentionPolicy> {
  const [row] = await db.select().from(retentionPolicy).where(eq(retentionPolicy.id, 1));
  return {
    messageDays: row?.messageDays ?? null,
    fileDays: row?.fileDays ?? null,
    channelOverride: row?.channelOverride ?? false,
  };
}

/** PUT /api/admin/retention: the instance's periods, audited as `retention.changed`. */
export async function setPolicy(
  deps: Pick<PrivacyDeps, 'db' | 'events'>,
  input: RetentionPolicy,
  by: { id: string; address: string | null },
): Promise<RetentionPolicy> {
  await deps.db.transaction(async (tx) => {
    const values = { ...input, updatedById: by.id, updatedAt: new Date() };
    await tx
      .insert(retentionPolicy)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: retentionPolicy.id, set: values });
    await deps.events.runWithin(tx, 'audited', {
      action: 'retention.changed',
      actorId: by.id,
      target: { type: 'instance', id: 'retention' },
      address: by.address,
      details: { ...input },
    });
  });
  return getPolicy(deps.db);
}

const shorter = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);

export async function getChannelRetention(db: Db, channelId: string): Promise<ChannelRetention> {
  const policy = await getPolicy(db);
  const [row] = await db
    .select()
    .from(channelRetention)
    .where(eq(channelRetention.channelId, channelId));
  const own = row?.messageDays ?? null;
  return {
    messageDays: own,
    instanceDays: policy.messageDays,
    allowed: policy.channelOverride,
    effectiveDays: policy.channelOverride ? shorter(own, policy.messageDays) : policy.messageDays,
  };
}

/**
 * A channel's own period (docs/privacy.md, "Conservation"): only where the instance allows
 * it, and never longer than the instance's; null goes back to the instance's.
 */
export async function setChannelRetention(
  deps: Pick<PrivacyDeps, 'db' | 'events'>,
  channelId: string,
  messageDays: number | null,
  by: { id: string; address: string | null },
): Promise<ChannelRetention> {
  const policy = await getPolicy(deps.db);
  if (!policy.channelOverride) throw forbidden(RETENTION_CHANNEL_NOT_ALLOWED);
  if (messageDays !== null && policy.messageDays !== null && messageDays > policy.messageDays)
    throw badRequest(RETENTION_CHANNEL_LONGER, { messageDays: [RETENTION_CHANNEL_LONGER] });
  await deps.db.transaction(async (tx) => {
    if (messageDays === null) {
      await tx.delete(channelRetention).where(eq(channelRetention.channelId, channelId));
    } else {
      const values = { messageDays, updatedById: by.id, updatedAt: new Date() };
      await tx
        .insert(channelRetention)
        .values({ channelId, ...values })
        .onConflictDoUpdate({ target: channelRetention.channelId, set: values });
    }
    await deps.events.runWithin(tx, 'audited', {
      action: 'retention.changed',
      actorId: by.id,
      target: { type: 'channel', id: channelId },
      address: by.address,
      details: { messageDays },
    });
  });
  return getChannelRetention(deps.db, channelId);
}

interface DeletedMessage {
  id: string;
  channelId: string;
  parentMessageId: string | null;
}

/**
 * One batch of messages past their channel's period: each older than the shorter of the
 * instance's and (when allowed) its channel's days, and — for a thread's parent — whose
 * replies are all past it too (a thread goes whole, never leaving orphan replies); with the
 * files they carried. Under a transaction-scoped advisory lock only one node can hold (null:
 * another node is at it). The bytes go after the commit.
 */
export async function retentionMessageBatch(
  deps: PrivacyDeps,
  now: Date,
  limit = RETENTION_BATCH,
): Promise<number | null> {
  const policy = await getPolicy(deps.db);
  const instance = policy.messageDays;
  if (instance === null && !policy.channelOverride) return 0;
  const never = 2147483647;
  const result = await deps.db.transaction(async (tx) => {
    const [lock] = await tx.execute<{ held: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}::int) as held`,
    );
    if (!lock?.held) return null;
    const days = sql`least(${instance ?? never}::int,
      case when ${policy.channelOverride} then coalesce(cr.message_days, ${never}) else ${never} end)`;
    const deleted = await tx.execute<Row>(sql`
      with doomed as (
        select m.id, m.parent_message_id from messages m
        left join channel_retention cr on cr.channel_id = m.channel_id
        where ${days} < ${never}
          and m.created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days})
          and not exists (
            select 1 from messages r where r.parent_message_id = m.id
              and r.created_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${days}))
          ${instance === null ? sql`and cr.channel_id is not null` : sql``}
        order by m.created_at limit ${limit})
      delete from messages where id in (select id from doomed)
        or parent_message_id in (select id from doomed where parent_message_id is null)
      returning id, channel_id as "channelId", parent_message_id as "parentMessageId"`);
    const rows: DeletedMessage[] = [...deleted].map((r) => ({
      id: String(r.id),
      channelId: String(r.channelId),
      parentMessageId: r.parentMessageId ? String(r.parentMessageId) : null,
    }));
    const ids = rows.map((r) => r.id);
    const files =
      ids.length === 0
        ? []
        : [
            ...(await tx.execute<Row>(sql`
              delete from files where message_id in (select unnest(${uuids(ids)}))
              returning filename, thumbnail`)),
          ];
    return { rows, files };
  });
  if (result === null) return null;
  await removeBytes(deps, result.files);
  await announceDeleted(deps, result.rows);
  return result.rows.length;
}

/** One batch of files past the instance's file period: rows, the messages' mention of them, bytes. */
export async function retentionFileBatch(
  deps: PrivacyDeps,
  now: Date,
  limit = RETENTION_BATCH,
): Promise<number | null> {
  const policy = await getPolicy(deps.db);
  if (policy.fileDays === null) return 0;
  const result = await deps.db.transaction(async (tx) => {
    const [lock] = await tx.execute<{ held: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}::int) as held`,
    );
    if (!lock?.held) return null;
    const files = [
      ...(await tx.execute<Row>(sql`
        delete from files where id in (
          select id from files where not draft
            and created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${policy.fileDays})
          order by created_at limit ${limit})
        returning id, filename, thumbnail, message_id as "messageId"`)),
    ];
    const messageIds = [
      ...new Set(files.flatMap((f) => (f.messageId ? [String(f.messageId)] : []))),
    ];
    const fileIds = files.map((f) => String(f.id));
    if (messageIds.length > 0) {
      // The messages stay; the attachments they listed are gone.
      await tx.execute(sql`
        update messages set attachments = coalesce((
          select jsonb_agg(a) from jsonb_array_elements(attachments) a
          where not (a->>'id' = any(${uuids(fileIds)}::text[]))), '[]'::jsonb)
        where id in (select unnest(${uuids(messageIds)}))`);
    }
    return files;
  });
  if (result === null) return null;
  await removeBytes(deps, result);
  return result.length;
}

async function removeBytes(deps: PrivacyDeps, files: Row[]): Promise<void> {
  const keys = files.flatMap((f) => [f.filename, f.thumbnail].filter(Boolean).map(String));
  if (keys.length === 0) return;
  try {
    await deps.storage.remove(keys);
  } catch (err) {
    deps.log.warn({ err }, 'retention could not remove file bytes');
  }
}

/** As a deletion by the author is told: the domain event, then each channel's sockets. */
async function announceDeleted(deps: PrivacyDeps, rows: DeletedMessage[]): Promise<void> {
  const goneIds = new Set(rows.map((r) => r.id));
  const roots = new Map<string, DeletedMessage & { deletedIds: string[] }>();
  for (const r of rows) {
    const root = r.parentMessageId && goneIds.has(r.parentMessageId) ? r.parentMessageId : r.id;
    const entry = roots.get(root) ?? {
      ...(rows.find((x) => x.id === root) as DeletedMessage),
      deletedIds: [],
    };
    entry.deletedIds.push(r.id);
    roots.set(root, entry);
  }
  for (const m of roots.values()) {
    deps.events.publish('messageDeleted', {
      channelId: m.channelId,
      messageId: m.id,
      parentMessageId: m.parentMessageId,
      deletedIds: m.deletedIds,
    });
    try {
      await deps.realtime.toTopic(channelTopic(m.channelId), {
        type: 'message_deleted',
        channelId: m.channelId,
        messageId: m.id,
        parentMessageId: m.parentMessageId,
      });
    } catch (err) {
      deps.log.warn({ err }, 'message_deleted not sent');
    }
  }
}

/** What one run of the job does: messages, then files, batch after batch, up to a bound. */
export async function applyRetention(
  deps: PrivacyDeps,
  now = new Date(),
): Promise<{ messages: number; files: number }> {
  const total = { messages: 0, files: 0 };
  for (let i = 0; i < BATCHES_PER_RUN; i++) {
    const n = await retentionMessageBatch(deps, now);
    if (n === null) return total;
    total.messages += n;
    if (n < RETENTION_BATCH) break;
  }
  for (let i = 0; i < BATCHES_PER_RUN; i++) {
    const n = await retentionFileBatch(deps, now);
    if (n === null) break;
    total.files += n;
    if (n < RETENTION_BATCH) break;
  }
  return total;
}
