import { and, eq, or, sql } from 'drizzle-orm';
import type { MemberRole } from '#shared/limits';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { type Deps, publish } from '../deps';
import { CHANNEL_NOT_FOUND } from './access';
import { findChannelForUser, findMember } from './queries';
import { findStanding, isModerator } from './roles';
import { channelMembers, channelRemovals, channels } from './schema';
import { channelTopic } from './topics';

export const MEMBER_NOT_FOUND = 'Ce membre n’appartient pas au canal';

/**
 * Make a user a member; false when they already were (a concurrent join is not an error).
 * Their read position starts where the channel is: what was said before they joined is
 * history, not news ("Nouveaux messages" and unread counts start at the join).
 */
export async function insertMember(
  db: Db | Tx,
  channelId: string,
  userId: string,
  role: MemberRole = 'member',
): Promise<boolean> {
  const inserted = await db
    .insert(channelMembers)
    .values({
      channelId,
      userId,
      role,
      lastReadAt: sql`now()`,
      lastReadSeq: sql`(select ${channels.lastSeq} from ${channels} where ${channels.id} = ${channelId})`,
    })
    .onConflictDoNothing({ target: [channelMembers.channelId, channelMembers.userId] })
    .returning({ id: channelMembers.id });
  return inserted.length > 0;
}

/**
 * After a join has committed: subscribe the newcomer's sockets first, so that they get the
 * member_added the others get, then give them the channel for their sidebar.
 */
export async function announceMemberAdded(
  deps: Deps,
  channelId: string,
  userId: string,
  by?: string,
): Promise<void> {
  const [member, channel] = await Promise.all([
    findMember(deps.db, channelId, userId),
    findChannelForUser(deps.db, userId, channelId),
  ]);
  if (!member || !channel) return;
  deps.events.publish('memberAdded', by ? { channelId, userId, by } : { channelId, userId });
  await publish(
    deps,
    'member_added',
    () => deps.realtime.follow(channelTopic(channelId), userId),
    () =>
      deps.realtime.toTopic(channelTopic(channelId), { type: 'member_added', channelId, member }),
    () => deps.realtime.toUsers([userId], { type: 'channel_updated', channel }),
  );
}

/**
 * The channel's owner and administrators remove members (and a workspace administrator, issue
 * 48); never the owner, and an administrator of the channel only by its owner.
 * `memberRef` is the channel_members id or the member's user id: the members tab knows the
 * first, a user card the second; both name the same row.
 */
export async function removeMember(
  deps: Deps,
  actorId: string,
  channelId: string,
  memberRef: string,
): Promise<void> {
  const standing = await findStanding(deps.db, channelId, actorId);
  if (!standing?.role && !(standing?.instanceAdmin && standing.type !== 'direct')) {
    throw notFound(CHANNEL_NOT_FOUND);
  }
  // docs/product.md §10.3: a direct channel is exactly its two users, for good.
  if (standing.type === 'direct') {
    throw forbidden('Personne ne peut être retiré d’une conversation directe');
  }
  if (!isModerator(standing)) {
    throw forbidden('Seuls le propriétaire et les administrateurs du canal retirent des membres');
  }
  if (!isUuid(memberRef)) throw notFound(MEMBER_NOT_FOUND);

  const removedUserId = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: channelMembers.id, userId: channelMembers.userId, role: channelMembers.role })
      .from(channelMembers)
      .where(
        and(
          eq(channelMembers.channelId, channelId),
          or(eq(channelMembers.id, memberRef), eq(channelMembers.userId, memberRef)),
        ),
      )
      .for('update');
    if (!target) throw notFound(MEMBER_NOT_FOUND);
    if (target.role === 'owner')
      throw forbidden('Le propriétaire du canal ne peut pas être retiré');
    if (target.role === 'admin' && standing.role !== 'owner' && !standing.instanceAdmin) {
      throw forbidden('Seul le propriétaire retire un administrateur du canal');
    }
    await detach(tx, target.id);
    // Remembered with the removal itself: an old invite code must not let them back in.
    await tx
      .insert(channelRemovals)
      .values({ channelId, userId: target.userId })
      .onConflictDoUpdate({
        target: [channelRemovals.channelId, channelRemovals.userId],
        set: { removedAt: sql`now()` },
      });
    return target.userId;
  });
  await announceMemberRemoved(deps, channelId, removedUserId, actorId);
}

/**
 * The caller leaves a channel, group or voice channel (Slack's "Leave channel"). The owner
 * cannot (the channel would have nobody able to manage it: they delete it instead), and a
 * direct conversation is its two users for good (docs/product.md §10.3).
 */
export async function leaveChannel(deps: Deps, userId: string, channelId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: channelMembers.id, role: channelMembers.role, type: channels.type })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
      .for('update', { of: channelMembers });
    // A stranger learns nothing: the same 404 as every channel-scoped call.
    if (!row) throw notFound(CHANNEL_NOT_FOUND);
    if (row.type === 'direct') {
      throw badRequest('Une conversation directe ne peut pas être quittée');
    }
    if (row.role === 'owner') {
      throw conflict(
        'Le propriétaire ne peut pas quitter son canal : supprimez-le depuis ses options',
      );
    }
    await detach(tx, row.id);
  });
  await announceMemberRemoved(deps, channelId, userId, userId);
}

// The typing feature forgets the member's flag on memberRemoved (features/typing/subscriptions.ts).
async function detach(tx: Tx, memberId: string) {
  await tx.delete(channelMembers).where(eq(channelMembers.id, memberId));
}

/** After the commit: cut the member's sockets off first (docs/product.md §10.6), then tell everyone. */
async function announceMemberRemoved(deps: Deps, channelId: string, userId: string, by: string) {
  const event = { type: 'member_removed', channelId, userId } as const;
  deps.events.publish('memberRemoved', { channelId, userId, by });
  await publish(
    deps,
    'member_removed',
    () => deps.realtime.unfollow(channelTopic(channelId), userId),
    () => deps.realtime.toTopic(channelTopic(channelId), event),
    () => deps.realtime.toUsers([userId], event),
    // Whose presence they may still watch: those they share another channel with.
    () => deps.realtime.recheckPresence(userId),
  );
}
