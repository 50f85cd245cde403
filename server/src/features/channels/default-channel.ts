import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../deps';
import { announceMemberAdded, insertMember } from './members';
import { channels } from './schema';

// Any fixed 64-bit number: two first sign-ups must not create two default channels.
const DEFAULT_CHANNEL_LOCK = 5_118_346_207;
const DESCRIPTION = 'Le canal de toute l’équipe : annonces et discussions générales.';

/**
 * docs/product.md §10.16: every new account joins the workspace's default channel (#général,
 * `DEFAULT_CHANNEL`), made by the first account that needs it. Runs inside the account's
 * own transaction: an account is never created without it. Answers the channel's id.
 */
export async function joinDefaultChannel(tx: Tx, userId: string, name: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_CHANNEL_LOCK})`);
  const existing = await findDefaultChannelId(tx, name);
  if (existing) {
    await insertMember(tx, existing, userId);
    return existing;
  }
  const [made] = await tx
    .insert(channels)
    .values({ name, description: DESCRIPTION, type: 'channel', createdById: userId })
    .returning({ id: channels.id });
  if (!made) throw new Error('channel insert returned no row');
  await insertMember(tx, made.id, userId, 'owner');
  return made.id;
}

/** The default channel: the oldest public channel of that name. */
export async function findDefaultChannelId(db: Db | Tx, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.name, name), eq(channels.type, 'channel')))
    .orderBy(asc(channels.createdAt))
    .limit(1);
  return row?.id;
}

/** Whether `channelId` is the workspace's default channel (never archived, renamed or deleted). */
export async function isDefaultChannel(
  db: Db | Tx,
  name: string | null,
  channelId: string,
): Promise<boolean> {
  return name !== null && (await findDefaultChannelId(db, name)) === channelId;
}

/**
 * A new account (auth's `userCreated`) joins the default channel inside its own transaction;
 * once it has committed, the channel's members see them arrive.
 */
export function subscribeDefaultChannel(deps: Deps, name: string | null): void {
  if (!name) return;
  deps.events.within('userCreated', async (tx, { userId }) => {
    await joinDefaultChannel(tx, userId, name);
  });
  deps.events.on('userCreated', async ({ userId }) => {
    const channelId = await findDefaultChannelId(deps.db, name);
    if (channelId) await announceMemberAdded(deps, channelId, userId);
  });
}
