import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { joinDefaultChannel } from '../features/channels/default-channel';
import { announceMemberAdded } from '../features/channels/members';
import { createUser, type NewUser, type Tx, type UserRow } from '../features/users/service';

/**
 * A new account, by whatever door (sign-up, first OpenID Connect sign-in): the user, their
 * preferences and their place in the default channel, in one transaction; then the
 * channel's members see them arrive (docs/product.md §10.16).
 */
export async function createAccount(
  ctx: AppContext,
  log: FastifyBaseLogger,
  input: NewUser,
  within?: (tx: Tx) => Promise<void>,
): Promise<UserRow> {
  const name = ctx.config.defaultChannel;
  let channelId: string | undefined;
  const user = await createUser(
    ctx.db,
    input,
    within,
    name
      ? async (tx, row) => {
          channelId = await joinDefaultChannel(tx, row.id, name);
        }
      : undefined,
  );
  if (channelId) {
    const deps = { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log };
    await announceMemberAdded(deps, channelId, user.id);
  }
  return user;
}
