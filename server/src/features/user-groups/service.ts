import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  USER_GROUP_FORBIDDEN_ADMINS,
  USER_GROUP_FORBIDDEN_MEMBERS,
  USER_GROUP_HANDLE_TAKEN,
  USER_GROUP_NOT_FOUND,
  USER_GROUP_UNKNOWN_MEMBER,
  type UserGroup,
  type UserGroupCreateInput,
  type UserGroupUpdateInput,
} from '#shared/user-groups';
import type { Db, Tx } from '../../db/client';
import {
  badRequest,
  conflict,
  forbidden,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors';
import { type Deps, publish } from '../deps';
import { toEveryone } from './realtime';
import { userGroupMembers, userGroups } from './schema';

export type ManagedBy = 'admins' | 'members';
interface Manager {
  id: string;
  isAdmin: boolean;
}

const memberIds = sql<string[]>`coalesce((select array_agg(gm.user_id order by gm.user_id)
  from ${userGroupMembers} gm where gm.group_id = ${userGroups.id}), '{}')`;

const selectGroups = (db: Db | Tx) =>
  db
    .select({
      id: userGroups.id,
      name: userGroups.name,
      handle: userGroups.handle,
      memberIds,
      createdAt: userGroups.createdAt,
    })
    .from(userGroups);

type Row = { id: string; name: string; handle: string; memberIds: string[]; createdAt: Date };
const present = (row: Row): UserGroup => ({
  id: row.id,
  name: row.name,
  handle: row.handle,
  memberIds: row.memberIds ?? [],
  createdAt: new Date(row.createdAt).toISOString(),
});

/** GET /api/user-groups: every group, by handle. */
export async function listUserGroups(db: Db): Promise<UserGroup[]> {
  const rows = await selectGroups(db).orderBy(asc(userGroups.handle));
  return rows.map(present);
}

async function findGroup(db: Db | Tx, id: string): Promise<UserGroup> {
  const [row] = await selectGroups(db).where(eq(userGroups.id, id));
  if (!row) throw notFound(USER_GROUP_NOT_FOUND);
  return present(row);
}

/** The instance's rule (USER_GROUPS_MANAGED_BY): administrators, or also any signed-in person. */
function requireMayCreate(user: Manager, managedBy: ManagedBy): void {
  if (managedBy === 'admins' && !user.isAdmin) throw forbidden(USER_GROUP_FORBIDDEN_ADMINS);
}

/** Changing a group: administrators, or — when members manage groups — its members. */
function requireMayChange(user: Manager, group: UserGroup, managedBy: ManagedBy): void {
  if (user.isAdmin) return;
  if (managedBy === 'admins') throw forbidden(USER_GROUP_FORBIDDEN_ADMINS);
  if (!group.memberIds.includes(user.id)) throw forbidden(USER_GROUP_FORBIDDEN_MEMBERS);
}

/** A write's refusals, told in French: a handle taken (409), a member who does not exist (400). */
function refusal(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict(USER_GROUP_HANDLE_TAKEN);
  if (isForeignKeyViolation(err)) throw badRequest(USER_GROUP_UNKNOWN_MEMBER);
  throw err;
}

async function setMembers(tx: Tx, groupId: string, members: readonly string[]): Promise<void> {
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  const unique = [...new Set(members)];
  if (unique.length > 0) {
    await tx.insert(userGroupMembers).values(unique.map((userId) => ({ groupId, userId })));
  }
}

export async function createUserGroup(
  deps: Deps,
  user: Manager,
  managedBy: ManagedBy,
  input: UserGroupCreateInput,
): Promise<UserGroup> {
  requireMayCreate(user, managedBy);
  const group = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(userGroups)
        .values({ name: input.name, handle: input.handle, createdBy: user.id })
        .returning({ id: userGroups.id });
      await setMembers(tx, row!.id, input.members);
      return findGroup(tx, row!.id);
    })
    .catch(refusal);
  await publish(deps, 'user_group_saved', () =>
    toEveryone(deps.realtime, { type: 'user_group_saved', group }),
  );
  return group;
}

export async function updateUserGroup(
  deps: Deps,
  user: Manager,
  managedBy: ManagedBy,
  id: string,
  input: UserGroupUpdateInput,
): Promise<UserGroup> {
  const group = await deps.db
    .transaction(async (tx) => {
      // The row locked first: two changes at once apply one after the other.
      const [locked] = await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(eq(userGroups.id, id))
        .for('update');
      if (!locked) throw notFound(USER_GROUP_NOT_FOUND);
      requireMayChange(user, await findGroup(tx, id), managedBy);
      const changes: Partial<typeof userGroups.$inferInsert> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.handle !== undefined) changes.handle = input.handle;
      await tx
        .update(userGroups)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(userGroups.id, id));
      if (input.members !== undefined) await setMembers(tx, id, input.members);
      return findGroup(tx, id);
    })
    .catch(refusal);
  await publish(deps, 'user_group_saved', () =>
    toEveryone(deps.realtime, { type: 'user_group_saved', group }),
  );
  return group;
}

export async function deleteUserGroup(
  deps: Deps,
  user: Manager,
  managedBy: ManagedBy,
  id: string,
): Promise<void> {
  const group = await findGroup(deps.db, id);
  requireMayChange(user, group, managedBy);
  const deleted = await deps.db
    .delete(userGroups)
    .where(eq(userGroups.id, id))
    .returning({ id: userGroups.id });
  if (deleted.length === 0) throw notFound(USER_GROUP_NOT_FOUND);
  await publish(deps, 'user_group_deleted', () =>
    toEveryone(deps.realtime, { type: 'user_group_deleted', groupId: id }),
  );
}

/**
 * The members of the groups whose handle is among `handles` (lower-case, as messages'
 * mention candidates are): what mentioning `@handle` reaches, before the channel's members
 * are kept (messages/send.ts). Bounded by the handles: an index lookup each.
 */
export async function groupMemberIdsByHandles(
  db: Db,
  handles: readonly string[],
): Promise<string[]> {
  if (handles.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: userGroupMembers.userId })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(and(inArray(userGroups.handle, [...handles])));
  return rows.map((r) => r.userId);
}
