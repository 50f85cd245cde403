import { and, eq } from 'drizzle-orm';
import type { MemberRole } from '#shared/limits';
import { users } from '../../auth/schema';
import type { Db, Tx } from '../../db/client';
import { channelMembers, channels } from './schema';

/** The roles that manage a channel: members, invites, pins, settings, archiving. */
export const MANAGER_ROLES: readonly MemberRole[] = ['owner', 'admin'];

/** Whether the user administers the whole workspace (users.is_admin). */
export async function isInstanceAdmin(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.isAdmin);
}

/** Who the caller is to a channel: their role there (null when not a member) and whether they administer the workspace. */
export interface ChannelStanding {
  type: string;
  name: string;
  archivedAt: Date | null;
  role: MemberRole | null;
  instanceAdmin: boolean;
}

/** The channel and the caller's standing in it, in one statement; undefined when there is no such channel. */
export async function findStanding(
  db: Db | Tx,
  channelId: string,
  userId: string,
): Promise<ChannelStanding | undefined> {
  const [row] = await db
    .select({
      type: channels.type,
      name: channels.name,
      archivedAt: channels.archivedAt,
      role: channelMembers.role,
      instanceAdmin: users.isAdmin,
    })
    .from(channels)
    .leftJoin(
      channelMembers,
      and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)),
    )
    .leftJoin(users, eq(users.id, userId))
    .where(eq(channels.id, channelId))
    .limit(1);
  if (!row) return undefined;
  return {
    type: row.type,
    name: row.name,
    archivedAt: row.archivedAt,
    role: (row.role as MemberRole | null) ?? null,
    instanceAdmin: Boolean(row.instanceAdmin),
  };
}

/**
 * Whether the user moderates the channel: its owner, one of its administrators, or an
 * administrator of the workspace. What pins, member removals, invites' limits, settings and
 * archiving ask (issue 48, channel roles). False for a channel that does not exist and for
 * direct conversations (nobody moderates two people's conversation).
 */
export async function canModerateChannel(
  db: Db | Tx,
  channelId: string,
  userId: string,
): Promise<boolean> {
  const standing = await findStanding(db, channelId, userId);
  return Boolean(standing && isModerator(standing));
}

export const isModerator = (standing: ChannelStanding): boolean =>
  standing.type !== 'direct' &&
  (standing.instanceAdmin || (standing.role !== null && MANAGER_ROLES.includes(standing.role)));
