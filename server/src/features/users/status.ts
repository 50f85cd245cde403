import { ne, sql } from 'drizzle-orm';
import type { UserStatus } from '#shared/limits';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/store-gate';
import { uuids } from '../../db/values';
import { GroupBatcher } from '../../lib/group-batcher';
import type { StatusStore } from '../../realtime/register';

/** Users per statement: a connect storm's first sockets. */
const STATUS_BATCH_MAX = 500;

interface StatusWrite {
  userId: string;
  status: UserStatus;
}

/**
 * users.status is the live presence REST shows: realtime presence owns it while the user
 * is connected (docs/product.md §4), through these functions; users.chosen_status is what they
 * chose. Presence calls them off the frame and request paths, and only for real changes; the
 * writes (and the look-ups of chosen statuses) of users changing at once share one statement,
 * one at a time (group commit, lib/group-batcher.ts): a connect storm makes a few statements,
 * not one per user.
 */
export function userStatusStore(db: Db): StatusStore {
  // Background work for the store gate (db/store-gate.ts): never shed for a request's budget,
  // never on the last connections.
  const writes = new GroupBatcher(
    (batch: StatusWrite[]) => inBackground(() => saveStatuses(db, batch)),
    {
      concurrency: 1,
      maxBatchSize: STATUS_BATCH_MAX,
    },
  );
  const chosen = new GroupBatcher(
    (ids: string[]) => inBackground(() => loadChosenStatuses(db, ids)),
    {
      concurrency: 1,
      maxBatchSize: STATUS_BATCH_MAX,
    },
  );
  return {
    saveStatus: (userId, status) => writes.load({ userId, status }),
    loadStatuses: async (userIds) => {
      const rows = await db
        .select({ id: users.id, status: users.status })
        .from(users)
        .where(sql`${users.id} = any(${uuids(userIds)})`);
      return new Map(rows.map((r) => [r.id, r.status as UserStatus]));
    },
    loadChosenStatus: (userId) => chosen.load(userId),
    resetStatuses: async () => {
      await db.update(users).set({ status: 'offline' }).where(ne(users.status, 'offline'));
    },
  };
}

/**
 * One UPDATE for several users (the last status given for a user wins). A row that already
 * shows its status is left alone: no new row version for a status that did not change.
 */
async function saveStatuses(db: Db, batch: StatusWrite[]): Promise<undefined[]> {
  const latest = new Map(batch.map((w) => [w.userId, w.status]));
  const rows = [...latest].map(([id, status]) => sql`(${id}::uuid, ${status}::text)`);
  await db.execute(sql`update ${users} set status = v.status
    from (values ${sql.join(rows, sql`, `)}) as v(id, status)
    where ${users.id} = v.id and ${users.status} is distinct from v.status`);
  return batch.map(() => undefined);
}

/** users.chosen_status of several users; online for one that vanished. */
async function loadChosenStatuses(db: Db, ids: string[]): Promise<UserStatus[]> {
  const rows = await db
    .select({ id: users.id, chosen: users.chosenStatus })
    .from(users)
    .where(sql`${users.id} = any(${uuids([...new Set(ids)])})`);
  const byId = new Map(rows.map((r) => [r.id, r.chosen as UserStatus]));
  return ids.map((id) => byId.get(id) ?? 'online');
}
