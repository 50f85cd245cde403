import { and, eq, or } from 'drizzle-orm';
import type { MemberRole } from '#shared/limits';
import type { Db } from '../../db/client';
import { channelMembers, channels, userPresence } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { type Deps, publish } from '../deps';
import { CHANNEL_NOT_FOUND, isUuid, requireMember } from './access';
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
    await detach(tx, channelId, target.id, target.userId);
    return target.userId;
  });
  await announceMemberRemoved(deps, channelId, removedUserId);
}

/**
 * The caller leaves a channel, group or voice channel (Slack's "Leave channel"). The owner
 * cannot (the channel would have nobody able to manage it: they delete it instead), and a
 * direct conversation is its two users for good (DESIGN §4).
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
        'Le propriétaire ne peut pas quitter son canal : supprimez-le depuis ses options',
      );
    }
    await detach(tx, channelId, row.id, userId);
  });
  await announceMemberRemoved(deps, channelId, userId);
}

async function detach(tx: Tx, channelId: string, memberId: string, userId: string) {
  await tx.delete(channelMembers).where(eq(channelMembers.id, memberId));
  await tx
    .delete(userPresence)
    .where(and(eq(userPresence.channelId, channelId), eq(userPresence.userId, userId)));
}

/** After the commit: cut the member's sockets off first (DESIGN §4), then tell everyone. */
async function announceMemberRemoved(deps: Deps, channelId: string, userId: string) {
  const event = { type: 'member_removed', channelId, userId } as const;
  await publish(
    deps,
    'member_removed',
    () => deps.realtime.memberRemoved(channelId, userId),
    () => deps.realtime.toChannel(channelId, event),
    () => deps.realtime.toUsers([userId], event),
  );
}
