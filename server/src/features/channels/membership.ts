import { and, eq } from 'drizzle-orm';
import type { MemberRole } from '#shared/limits';
import type { Db } from '../../db/client';
import { channelMembers } from '../../db/schema';

/** The caller's role in a channel, or null when not a member (DESIGN §4: then 404). */
export async function getMemberRole(
  db: Db,
  channelId: string,
  userId: string,
): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: channelMembers.role })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
    .limit(1);
  return (row?.role as MemberRole | undefined) ?? null;
}

/** Ids of every channel the user belongs to: what a new socket subscribes to. */
export async function listChannelIdsForUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ channelId: channelMembers.channelId })
    .from(channelMembers)
    .where(eq(channelMembers.userId, userId));
  return rows.map((r) => r.channelId);
}

/** Ids of the channel's members: who a channel event reaches. */
export async function listMemberIds(db: Db, channelId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: channelMembers.userId })
    .from(channelMembers)
    .where(eq(channelMembers.channelId, channelId));
  return rows.map((r) => r.userId);
}
