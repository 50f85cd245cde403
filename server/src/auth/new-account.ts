import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import './events';
import { createUser, type NewUser, type UserRow } from './users';

/**
 * A new account, by whatever door (sign-up, first OpenID Connect sign-in): the user and
 * what each feature adds to a new account (`userCreated` steps: their notification
 * preferences, their place in the default channel), in one transaction; then `userCreated`
 * is published, and the channel's members see them arrive (docs/product.md §10.16).
 * `within` runs first in the same transaction (using up an invite, say).
 */
export async function createAccount(
  ctx: Pick<AppContext, 'db' | 'events'>,
  input: NewUser,
  within?: (tx: Tx) => Promise<void>,
): Promise<UserRow> {
  const user = await ctx.db.transaction(async (tx) => {
    if (within) await within(tx);
    const row = await createUser(tx, input);
    await ctx.events.runWithin(tx, 'userCreated', { userId: row.id });
    return row;
  });
  ctx.events.publish('userCreated', { userId: user.id });
  return user;
}
