import { and, eq, or } from 'drizzle-orm';
import type { MemberRole } from '#shared/limits';
import type { Db } from '../../db/client';
import { channelMembers, channels, userPresence } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { type Deps, publish } from '../deps';
import { isUuid, requireMember } from './access';
import { findChannelForUser, findMember } from './queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MEMBER_NOT_FOUND = "Ce membre n'appartient pas au canal";

/** Make a user a member; false when they already were (a concurrent join is not an error). */
export async function insertMember(
  db: Db | Tx,
  channelId: string,
  userId: string,
  role: MemberRole = 'member',
): Promise<boolean> {
  const inserted = await db
    .insert(channelMembers)
    .values({ channelId, userId, role })
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
): Promise<void> {
  const [member, channel] = await Promise.all([
    findMember(deps.db, channelId, userId),
    findChannelForUser(deps.db, userId, channelId),
  ]);
  if (!member || !channel) return;
  await publish(
    deps,
    'member_added',
    () => deps.realtime.memberAdded(channelId, userId),
    () => deps.realtime.toChannel(channelId, { type: 'member_added', channelId, member }),
    () => deps.realtime.toUsers([userId], { type: 'channel_updated', channel }),
  );
}

/**
 * SPEC §5/§6: only the channel's creator removes members, and never an owner.
 * `memberRef` is the channel_members id or the member's user id: the members tab knows the
 * first, a user card the second; both name the same row.
 */
export async function removeMember(
  deps: Deps,
  actorId: string,
  channelId: string,
  memberRef: string,
): Promise<void> {
  await requireMember(deps.db, channelId, actorId);
  const [channel] = await deps.db
    .select({ createdById: channels.createdById, type: channels.type })
    .from(channels)
    .where(eq(channels.id, channelId));
  // DESIGN §4: a direct channel is exactly its two users, for good.
  if (channel?.type === 'direct') {
    throw forbidden("Personne ne peut être retiré d'une conversation directe");
  }
  if (channel?.createdById !== actorId) {
    throw forbidden('Seul le créateur du canal peut retirer des membres');
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
    await tx.delete(channelMembers).where(eq(channelMembers.id, target.id));
    await tx
      .delete(userPresence)
      .where(and(eq(userPresence.channelId, channelId), eq(userPresence.userId, target.userId)));
    return target.userId;
  });

  const event = { type: 'member_removed', channelId, userId: removedUserId } as const;
  await publish(
    deps,
    'member_removed',
    // Cut the removed member's sockets off first (DESIGN §4), then tell everyone.
    () => deps.realtime.memberRemoved(channelId, removedUserId),
    () => deps.realtime.toChannel(channelId, event),
    () => deps.realtime.toUsers([removedUserId], event),
  );
}
