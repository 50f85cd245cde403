import type { Db, Tx } from '../../db/client';
import { notificationPreferences } from './schema';

/**
 * A new user's default notification preferences, in the transaction that creates the user
 * (a `userCreated` step, subscriptions.ts): a user never exists without them.
 */
export async function createDefaultPreferences(tx: Db | Tx, userId: string): Promise<void> {
  await tx.insert(notificationPreferences).values({ userId });
}
