import type { Db } from '../../db/client';
import { notificationPreferences } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A new user's default notification preferences, in the transaction that creates the user
 * (features/users/service.ts): a user never exists without them.
 */
export async function createDefaultPreferences(tx: Db | Tx, userId: string): Promise<void> {
  await tx.insert(notificationPreferences).values({ userId });
}
