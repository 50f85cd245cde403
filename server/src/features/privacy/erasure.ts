import { eq, lte, sql } from 'drizzle-orm';
import { CHANNEL_NAME_MAX } from '#shared/limits';
import { DELETION_CANCELLED_NOTICE, DELETION_GRACE_DAYS, ERASED_USER_NAME } from '#shared/privacy';
import { userDisplayName } from '#shared/user-names';
import type { Tx } from '../../db/client';
import { channelTopic } from '../channels/topics';
import { notifyAccount } from '../notifications/create';
import { deliver } from '../notifications/deliver';
import type { PrivacyDeps } from './exports';
import { accountDeletions, accountExports, erasedAccounts } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

type Row = Record<string, unknown>;

/**
 * Schedule `userId`'s erasure after `graceMs` (0: the next run of the job), audited in the
 * same transaction. Asked again, the earlier of the two dates stands.
 */
export async function scheduleErasure(
  deps: Pick<PrivacyDeps, 'db' | 'events'>,
  userId: string,
  by: { id: string; address: string | null },
  graceMs: number,
  now = new Date(),
): Promise<Date> {
  const eraseAfter = new Date(now.getTime() + graceMs);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountDeletions)
      .values({ userId, requestedById: by.id, eraseAfter })
      .onConflictDoUpdate({
        target: accountDeletions.userId,
        set: {
          eraseAfter: sql`least(${accountDeletions.eraseAfter}, excluded.erase_after)`,
          requestedById: sql`excluded.requested_by_id`,
        },
      })
      .returning();
    await deps.events.runWithin(tx, 'audited', {
      action: 'account.erasure_requested',
      actorId: by.id,
      target: { type: 'user', id: userId },
      address: by.address,
      details: {
        eraseAfter: (row?.eraseAfter ?? eraseAfter).toISOString(),
        byAdministrator: by.id !== userId,
      },
    });
    return row?.eraseAfter ?? eraseAfter;
  });
}

export const personGraceMs = DELETION_GRACE_DAYS * DAY_MS;

export async function findDeletion(deps: Pick<PrivacyDeps, 'db'>, userId: string) {
  const [row] = await deps.db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId));
  return row;
}

/** Whether the account was erased (what is left of it is a name and an id). */
export async function isErased(deps: Pick<PrivacyDeps, 'db'>, userId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ userId: erasedAccounts.userId })
    .from(erasedAccounts)
    .where(eq(erasedAccounts.userId, userId));
  return !!row;
}

/**
 * The person signed in during the grace: a deletion they asked for themselves is cancelled,
 * and they are told so (an administrator's stands: docs/privacy.md).
 */
export async function cancelOnSignIn(deps: PrivacyDeps, userId: string): Promise<boolean> {
  const cancelled = await deps.db
    .delete(accountDeletions)
    .where(
      sql`${accountDeletions.userId} = ${userId}::uuid and ${accountDeletions.requestedById} = ${userId}::uuid`,
    )
    .returning();
  if (cancelled.length === 0) return false;
  await deliver(deps, await notifyAccount(deps.db, userId, DELETION_CANCELLED_NOTICE), []);
  return true;
}

/** Every foreign key to users(id) of one column: the tables a person's rows are found in. */
async function userReferences(
  tx: Tx,
): Promise<Array<{ table: string; column: string; action: string }>> {
  const rows = await tx.execute<Row>(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column", c.confdeltype as "action"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'users'::regclass and array_length(c.conkey, 1) = 1
    order by 1, 2`);
  return [...rows].map((r) => ({
    table: String(r.table),
    column: String(r.column),
    action: String(r.action),
  }));
}

/** Tables whose rows of the person are handled first, by name, before the generic pass. */
const HANDLED = new Set(['messages', 'files', 'account_exports', 'erased_accounts', 'audit_log']);

interface Erased {
  fileKeys: string[];
  sessionIds: string[];
  deletedThreads: Array<{
    channelId: string;
    messageId: string;
    parentMessageId: string | null;
    deletedIds: string[];
  }>;
  channels: string[];
}

/**
 * Erase one account (docs/privacy.md, "Erasure") in one transaction: its files and exports
 * (rows here, bytes after commit), its messages kept under « Utilisateur supprimé » or deleted
 * (ACCOUNT_DELETION_MESSAGES), every row of any table that points at it (found through the
 * store's foreign keys: deleted, or the pointer nulled, as each key's ON DELETE says), its
 * sessions, what the audit log named it by; then the users row keeps no name, email, avatar,
 * password or sign-in identity, and can sign in no more.
 */
async function eraseInTransaction(
  deps: PrivacyDeps,
  tx: Tx,
  userId: string,
  now: Date,
): Promise<Erased | null> {
  const [user] = await tx.execute<Row>(
    sql`select id, email, first_name as "firstName", last_name as "lastName",
      display_name as "displayName" from users where id = ${userId}::uuid for update`,
  );
  if (!user) return null;
  const [already] = await tx.select().from(erasedAccounts).where(eq(erasedAccounts.userId, userId));
  if (already) return null;

  const fileKeys: string[] = [];
  const files = await tx.execute<Row>(
    sql`delete from files where uploaded_by_id = ${userId}::uuid returning filename, thumbnail`,
  );
  for (const f of files) {
    fileKeys.push(String(f.filename));
    if (f.thumbnail) fileKeys.push(String(f.thumbnail));
  }
  const exports = await tx
    .delete(accountExports)
    .where(eq(accountExports.userId, userId))
    .returning({ key: accountExports.objectKey });
  for (const e of exports) if (e.key) fileKeys.push(e.key);

  const deletedThreads: Erased['deletedThreads'] = [];
  const channels = new Set<string>();
  if (deps.config.privacy.deletionMessages === 'delete') {
    // As the author's own deletion does: a top-level message takes its thread with it.
    const gone = await tx.execute<Row>(sql`
      with mine as (select id, channel_id, parent_message_id from messages where user_id = ${userId}::uuid),
      doomed as (
        select m.id from messages m where m.id in (select id from mine)
          or m.parent_message_id in (select id from mine where parent_message_id is null))
      delete from messages where id in (select id from doomed)
      returning id, channel_id as "channelId", parent_message_id as "parentMessageId", user_id as "userId"`);
    const byRoot = new Map<string, Erased['deletedThreads'][number]>();
    const goneIds = new Set([...gone].map((g) => String(g.id)));
    for (const g of gone) {
      const id = String(g.id);
      const parent = g.parentMessageId ? String(g.parentMessageId) : null;
      // A reply whose parent went too is announced with its parent.
      const root = parent && goneIds.has(parent) ? parent : id;
      const entry = byRoot.get(root) ?? {
        channelId: String(g.channelId),
        messageId: root,
        parentMessageId: root === id ? parent : null,
        deletedIds: [],
      };
      entry.deletedIds.push(id);
      byRoot.set(root, entry);
      channels.add(String(g.channelId));
    }
    deletedThreads.push(...byRoot.values());
  } else {
    // Kept, signed « Utilisateur supprimé »: the files they carried are gone.
    await tx.execute(
      sql`update messages set attachments = '[]'::jsonb where user_id = ${userId}::uuid and attachments <> '[]'::jsonb`,
    );
  }

  // A direct conversation is named after both people (channels/direct.ts).
  const name = userDisplayName(user as Parameters<typeof userDisplayName>[0]) ?? userId;
  await tx.execute(sql`
    update channels set name = left(replace(name, ${name}, ${ERASED_USER_NAME}), ${CHANNEL_NAME_MAX})
    where type = 'direct' and id in (select channel_id from channel_members where user_id = ${userId}::uuid)`);
  // What others were told of the person's acts names them (« Camille vous a mentionné »).
  await tx.execute(sql`delete from notifications where triggered_by_user_id = ${userId}::uuid`);
  for (const ref of await userReferences(tx)) {
    if (HANDLED.has(ref.table) || ref.table === 'users') continue;
    const table = sql.identifier(ref.table);
    const column = sql.identifier(ref.column);
    if (ref.action === 'n') {
      await tx.execute(sql`update ${table} set ${column} = null where ${column} = ${userId}::uuid`);
    } else {
      await tx.execute(sql`delete from ${table} where ${column} = ${userId}::uuid`);
    }
  }
  const sessions = await tx.execute<Row>(
    sql`delete from sessions where sess->>'userId' = ${userId} returning sid`,
  );
  // The audit log keeps what was done, not what the person was called.
  await tx.execute(
    sql`update audit_log set target_label = null, details = '{}'::jsonb where target_id = ${userId}`,
  );
  await tx.execute(sql`
    update users set email = null, first_name = null, last_name = null,
      display_name = ${ERASED_USER_NAME}, profile_image_url = null, status_message = null,
      password_hash = null, oidc_issuer = null, oidc_subject = null, email_verified_at = null,
      is_admin = false, status = 'offline', chosen_status = 'offline',
      deactivated_at = coalesce(deactivated_at, ${now.toISOString()}::timestamptz), updated_at = now()
    where id = ${userId}::uuid`);
  await tx.insert(erasedAccounts).values({ userId, erasedAt: now });
  await deps.events.runWithin(tx, 'audited', {
    action: 'account.erased',
    actorId: null,
    target: { type: 'user', id: userId },
    details: { messages: deps.config.privacy.deletionMessages },
  });
  return {
    fileKeys,
    sessionIds: [...sessions].map((s) => String(s.sid)),
    deletedThreads,
    channels: [...channels],
  };
}

/** Erase `userId` now; false when there was nothing to erase (gone, or erased already). */
export async function eraseAccount(
  deps: PrivacyDeps,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  const erased = await deps.db.transaction((tx) => eraseInTransaction(deps, tx, userId, now));
  if (!erased) return false;
  if (erased.fileKeys.length > 0) {
    try {
      await deps.storage.remove(erased.fileKeys);
    } catch (err) {
      deps.log.warn({ err }, 'erased account files could not be removed');
    }
  }
  await Promise.all(erased.sessionIds.map((sid) => deps.realtime.sessionEnded(sid)));
  for (const thread of erased.deletedThreads) {
    deps.events.publish('messageDeleted', thread);
    try {
      await deps.realtime.toTopic(channelTopic(thread.channelId), {
        type: 'message_deleted',
        channelId: thread.channelId,
        messageId: thread.messageId,
        parentMessageId: thread.parentMessageId,
      });
    } catch (err) {
      deps.log.warn({ err }, 'message_deleted not sent');
    }
  }
  return true;
}

/** Erase every account whose grace is over (one at a time, each in its transaction). */
export async function eraseDueAccounts(deps: PrivacyDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(lte(accountDeletions.eraseAfter, now))
    .limit(100);
  let count = 0;
  for (const { userId } of due) if (await eraseAccount(deps, userId, now)) count++;
  return count;
}
