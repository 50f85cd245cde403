import { eq, inArray, ne } from 'drizzle-orm';
import type { UserStatus } from '#shared/limits';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import type { StatusStore } from '../../realtime/register';

/**
 * users.status is the live presence REST shows: realtime presence owns it while the user
 * is connected (docs/product.md §4), through these functions; users.chosen_status is what they chose.
 */
export const userStatusStore = (db: Db): StatusStore => ({
  saveStatus: async (userId, status) => {
    await db.update(users).set({ status }).where(eq(users.id, userId));
  },
  loadStatuses: async (userIds) => {
    const rows = await db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(inArray(users.id, [...userIds]));
    return new Map(rows.map((r) => [r.id, r.status as UserStatus]));
  },
  loadChosenStatus: async (userId) => {
    const [row] = await db
      .select({ chosen: users.chosenStatus })
      .from(users)
      .where(eq(users.id, userId));
    return (row?.chosen as UserStatus | undefined) ?? 'online';
  },
  resetStatuses: async () => {
    await db.update(users).set({ status: 'offline' }).where(ne(users.status, 'offline'));
  },
});
