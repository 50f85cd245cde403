import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { TYPING_TTL_MS, type TypingUser } from '#shared/messages';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { requireMember } from '../channels/access';
import { isMemberOf } from '../channels/membership';
import { channelTopic } from '../channels/topics';
import { type Deps, publish } from '../deps';
import { userPresence } from './schema';

const typingColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  email: users.email,
};

/**
 * Record whether a user is typing in a channel (one row per user and channel). Checks no
 * membership: the caller does (the /ws hub on join_channel, the route below). Returns the
 * user as typing_update carries it.
 */
export async function setTyping(
  db: Db,
  channelId: string,
  userId: string,
  isTyping: boolean,
): Promise<TypingUser> {
  await db
    .insert(userPresence)
    .values({ userId, channelId, isTyping })
    .onConflictDoUpdate({
      target: [userPresence.userId, userPresence.channelId],
      set: { isTyping, lastSeenAt: sql`now()`, updatedAt: sql`now()` },
    });
  const [user] = await db.select(typingColumns).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} vanished`);
  return user;
}

/** The one place a typing_update is made (HTTP and socket alike). */
export const typingUpdate = (channelId: string, user: TypingUser, isTyping: boolean) =>
  ({ type: 'typing_update', channelId, user, isTyping }) as const;

/** setTyping, then typing_update to the channel: what POST /api/channels/{id}/typing does. */
export async function updateTyping(
  deps: Deps,
  channelId: string,
  userId: string,
  isTyping: boolean,
): Promise<void> {
  await requireMember(deps.db, channelId, userId);
  const user = await setTyping(deps.db, channelId, userId, isTyping);
  await publish(deps, 'typing_update', () =>
    deps.realtime.toTopic(channelTopic(channelId), typingUpdate(channelId, user, isTyping)),
  );
}

/**
 * Who is typing now (docs/product.md §4 polls this every 2 s): current members other than the caller
 * whose flag is on and fresh; a client that vanished mid-word stops counting after
 * TYPING_TTL_MS.
 */
export async function listTyping(
  db: Db,
  channelId: string,
  viewerId: string,
): Promise<TypingUser[]> {
  return db
    .select(typingColumns)
    .from(userPresence)
    .innerJoin(users, eq(users.id, userPresence.userId))
    .where(
      and(
        isMemberOf(userPresence.channelId, userPresence.userId),
        eq(userPresence.channelId, channelId),
        eq(userPresence.isTyping, true),
        ne(userPresence.userId, viewerId),
        gt(userPresence.updatedAt, sql`now() - ${`${TYPING_TTL_MS} milliseconds`}::interval`),
      ),
    )
    .orderBy(userPresence.updatedAt);
}

/** Forget a user's typing flag in a channel (they left it). */
export async function clearTyping(db: Db, channelId: string, userId: string): Promise<void> {
  await db
    .delete(userPresence)
    .where(and(eq(userPresence.channelId, channelId), eq(userPresence.userId, userId)));
}
