import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { ChannelMember, ChannelSettings, ChannelUpdateInput } from '#shared/channels';
import { CHANNEL_ARCHIVED } from '#shared/channels';
import type { Db, Tx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { type Deps, publish } from '../deps';
import { CHANNEL_NOT_FOUND } from './access';
import { type ActingUser, auditChannel } from './audit';
import { isDefaultChannel } from './default-channel';
import { MEMBER_NOT_FOUND } from './members';
import { findMember } from './queries';
import { type ChannelStanding, findStanding, isModerator } from './roles';
import { channelMembers, channels } from './schema';
import { channelTopic } from './topics';

/** What the administration of a channel needs besides a service's deps: which channel is the default one. */
export interface ChannelAdminDeps extends Deps {
  defaultChannel: string | null;
}

const DIRECT_REFUSED = 'Une conversation directe ne s’administre pas';
const SETTINGS_REFUSED =
  'Seuls le propriétaire et les administrateurs du canal modifient ses paramètres';
const ARCHIVE_REFUSED =
  'Seuls le propriétaire et les administrateurs du canal l’archivent ou le désarchivent';
const ROLE_REFUSED = 'Seul le propriétaire du canal nomme ou retire ses administrateurs';
const TRANSFER_REFUSED = 'Seul le propriétaire du canal transfère sa propriété';

type ChannelRow = typeof channels.$inferSelect;

const presentSettings = (row: ChannelRow): ChannelSettings => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type as ChannelSettings['type'],
  archivedAt: row.archivedAt?.toISOString() ?? null,
});

/** Lock the channel's row for the rest of the transaction: its administrative changes queue. */
async function lockChannel(tx: Tx, channelId: string): Promise<ChannelRow | undefined> {
  const [row] = await tx.select().from(channels).where(eq(channels.id, channelId)).for('update');
  return row;
}

/** The channel's members and sockets hear its new settings (name, description, archived). */
async function announceSettings(deps: Deps, settings: ChannelSettings): Promise<void> {
  await publish(deps, 'channel_changed', () =>
    deps.realtime.toTopic(channelTopic(settings.id), {
      type: 'channel_changed',
      channelId: settings.id,
      name: settings.name,
      description: settings.description,
      archivedAt: settings.archivedAt,
    }),
  );
}

/**
 * 409 « Ce canal est archivé » when the channel is archived: nothing is written in it any more
 * (messages, edits, reactions, pins). Other features call it before their writes.
 */
export async function requireWritableChannel(db: Db | Tx, channelId: string): Promise<void> {
  const [row] = await db
    .select({ archivedAt: channels.archivedAt })
    .from(channels)
    .where(eq(channels.id, channelId));
  if (row?.archivedAt) throw conflict(CHANNEL_ARCHIVED);
}

/**
 * The guard of a moderation route: a channel the caller cannot see answers 404 (a stranger
 * learns nothing, docs/product.md §10.2; a workspace administrator sees every channel but the
 * direct ones), a member without the role 403 with `refusal`.
 */
export async function requireModerator(
  db: Db | Tx,
  channelId: string,
  userId: string,
  refusal: string,
): Promise<ChannelStanding> {
  const standing = await findStanding(db, channelId, userId);
  const visible =
    standing && (standing.role !== null || (standing.instanceAdmin && standing.type !== 'direct'));
  if (!standing || !visible) throw notFound(CHANNEL_NOT_FOUND);
  if (!isModerator(standing)) throw forbidden(refusal);
  return standing;
}

/** PATCH /api/channels/{id}: rename the channel or change its description (its managers). */
export async function updateChannelSettings(
  deps: ChannelAdminDeps,
  actor: ActingUser,
  channelId: string,
  input: ChannelUpdateInput,
): Promise<ChannelSettings> {
  const settings = await deps.db.transaction(async (tx) => {
    const standing = await requireModerator(tx, channelId, actor.id, SETTINGS_REFUSED);
    if (standing.type === 'direct') throw forbidden(DIRECT_REFUSED);
    const row = await lockChannel(tx, channelId);
    if (!row) throw notFound(CHANNEL_NOT_FOUND);
    if (row.archivedAt) throw conflict(CHANNEL_ARCHIVED);
    const renamed = input.name !== undefined && input.name !== row.name;
    if (renamed && (await isDefaultChannel(tx, deps.defaultChannel, channelId))) {
      // Its name is how the workspace finds it (DEFAULT_CHANNEL): renamed, a new one would be made.
      throw conflict('Le canal par défaut de l’espace de travail ne peut pas être renommé');
    }
    const [updated] = await tx
      .update(channels)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(channels.id, channelId))
      .returning();
    if (!updated) throw notFound(CHANNEL_NOT_FOUND);
    return presentSettings(updated);
  });
  await announceSettings(deps, settings);
  return settings;
}

/**
 * POST /api/channels/{id}/archive and /unarchive (its owner and administrators, or a workspace
 * administrator). Archived, a channel is read-only, listed apart and still searchable; the
 * default channel is never archived (409). Archiving what is archived changes nothing.
 */
export async function setChannelArchived(
  deps: ChannelAdminDeps,
  actor: ActingUser,
  channelId: string,
  archived: boolean,
): Promise<ChannelSettings> {
  const { settings, changed } = await deps.db.transaction(async (tx) => {
    const standing = await requireModerator(tx, channelId, actor.id, ARCHIVE_REFUSED);
    if (standing.type === 'direct') throw forbidden(DIRECT_REFUSED);
    const row = await lockChannel(tx, channelId);
    if (!row) throw notFound(CHANNEL_NOT_FOUND);
    if (archived && (await isDefaultChannel(tx, deps.defaultChannel, channelId))) {
      throw conflict('Le canal par défaut de l’espace de travail ne peut pas être archivé');
    }
    if (Boolean(row.archivedAt) === archived) {
      return { settings: presentSettings(row), changed: false };
    }
    const [updated] = await tx
      .update(channels)
      .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
      .where(
        and(
          eq(channels.id, channelId),
          archived ? isNull(channels.archivedAt) : isNotNull(channels.archivedAt),
        ),
      )
      .returning();
    if (!updated) throw notFound(CHANNEL_NOT_FOUND);
    await auditChannel(tx, actor, archived ? 'channel.archived' : 'channel.unarchived', updated);
    return { settings: presentSettings(updated), changed: true };
  });
  if (changed) {
    deps.events.publish('channelArchived', { channelId, archived, by: actor.id });
    await announceSettings(deps, settings);
  }
  return settings;
}

/** The member a path names (its channel_members id or its user id), locked. */
async function lockMember(tx: Tx, channelId: string, memberRef: string) {
  if (!isUuid(memberRef)) throw notFound(MEMBER_NOT_FOUND);
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
  return target;
}

/** The owner's own rule: the channel's owner, or a workspace administrator. */
function requireOwnerOrInstanceAdmin(standing: ChannelStanding, refusal: string): void {
  if (standing.type === 'direct') throw forbidden(DIRECT_REFUSED);
  if (standing.role !== 'owner' && !standing.instanceAdmin) throw forbidden(refusal);
}

async function announceRoles(
  deps: Deps,
  channelId: string,
  changes: ReadonlyArray<{ userId: string; role: ChannelMember['role'] }>,
): Promise<void> {
  await publish(
    deps,
    'member_role_changed',
    ...changes.map(
      ({ userId, role }) =>
        () =>
          deps.realtime.toTopic(channelTopic(channelId), {
            type: 'member_role_changed',
            channelId,
            userId,
            role,
          }),
    ),
  );
}

/**
 * PUT /api/channels/{id}/members/{memberId}/role: the owner (or a workspace administrator)
 * makes a member administrator of the channel, or takes the role back. The owner's own role
 * changes only by a transfer (409).
 */
export async function setMemberRole(
  deps: ChannelAdminDeps,
  actor: ActingUser,
  channelId: string,
  memberRef: string,
  role: 'admin' | 'member',
): Promise<ChannelMember> {
  const changed = await deps.db.transaction(async (tx) => {
    const standing = await requireModerator(tx, channelId, actor.id, ROLE_REFUSED);
    requireOwnerOrInstanceAdmin(standing, ROLE_REFUSED);
    const row = await lockChannel(tx, channelId);
    if (!row) throw notFound(CHANNEL_NOT_FOUND);
    const target = await lockMember(tx, channelId, memberRef);
    if (target.role === 'owner') {
      throw conflict('Le rôle du propriétaire change par un transfert de propriété');
    }
    if (target.role === role) return { userId: target.userId, changed: false };
    await tx.update(channelMembers).set({ role }).where(eq(channelMembers.id, target.id));
    await auditChannel(tx, actor, 'channel.role_changed', row, {
      userId: target.userId,
      from: target.role,
      to: role,
    });
    return { userId: target.userId, changed: true };
  });
  if (changed.changed) await announceRoles(deps, channelId, [{ userId: changed.userId, role }]);
  const member = await findMember(deps.db, channelId, changed.userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/**
 * POST /api/channels/{id}/owner (its owner, or a workspace administrator) and
 * POST /api/admin/channels/{id}/transfer (a workspace administrator): `userId`, a member,
 * becomes the owner; the former owner stays, as an administrator of the channel.
 */
export async function transferOwnership(
  deps: ChannelAdminDeps,
  actor: ActingUser,
  channelId: string,
  userId: string,
): Promise<ChannelMember> {
  const changes = await deps.db.transaction(async (tx) => {
    const standing = await requireModerator(tx, channelId, actor.id, TRANSFER_REFUSED);
    requireOwnerOrInstanceAdmin(standing, TRANSFER_REFUSED);
    const row = await lockChannel(tx, channelId);
    if (!row) throw notFound(CHANNEL_NOT_FOUND);
    const target = await lockMember(tx, channelId, userId);
    if (target.role === 'owner') return [];
    const former = await tx
      .update(channelMembers)
      .set({ role: 'admin' })
      .where(
        and(
          eq(channelMembers.channelId, channelId),
          eq(channelMembers.role, 'owner'),
          ne(channelMembers.userId, target.userId),
        ),
      )
      .returning({ userId: channelMembers.userId });
    await tx.update(channelMembers).set({ role: 'owner' }).where(eq(channelMembers.id, target.id));
    await auditChannel(tx, actor, 'channel.owner_changed', row, {
      from: former.map((f) => f.userId),
      to: target.userId,
    });
    return [
      ...former.map((f) => ({ userId: f.userId, role: 'admin' as const })),
      { userId: target.userId, role: 'owner' as const },
    ];
  });
  await announceRoles(deps, channelId, changes);
  const member = await findMember(deps.db, channelId, userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

/**
 * Delete a channel with its messages, files' links and memberships: DELETE /api/channels/{id}
 * (its owner) and DELETE /api/admin/channels/{id} (a workspace administrator). The default
 * channel stays (409). Members learn it, then the channel's rooms close.
 */
export async function deleteChannelAs(
  deps: ChannelAdminDeps,
  actor: ActingUser,
  channelId: string,
  as: 'owner' | 'instance-admin',
): Promise<void> {
  const memberIds = await deps.db.transaction(async (tx) => {
    const standing = await findStanding(tx, channelId, actor.id);
    if (as === 'owner') {
      if (!standing?.role) throw notFound(CHANNEL_NOT_FOUND);
      if (standing.role !== 'owner')
        throw forbidden('Seul le propriétaire peut supprimer ce canal');
    } else if (!standing || standing.type === 'direct') {
      throw notFound(CHANNEL_NOT_FOUND);
    }
    const row = await lockChannel(tx, channelId);
    if (!row) throw notFound(CHANNEL_NOT_FOUND);
    if (await isDefaultChannel(tx, deps.defaultChannel, channelId)) {
      throw conflict('Le canal par défaut de l’espace de travail ne peut pas être supprimé');
    }
    // Removing the members in the same statement list as the channel gives the exact
    // audience of channel_deleted, even if someone joined a moment ago.
    const members = await tx
      .delete(channelMembers)
      .where(eq(channelMembers.channelId, channelId))
      .returning({ userId: channelMembers.userId });
    await tx.delete(channels).where(eq(channels.id, channelId));
    await auditChannel(tx, actor, 'channel.deleted', row, { memberCount: members.length });
    return members.map((m) => m.userId);
  });
  deps.events.publish('channelDeleted', { channelId, memberIds });
  await publish(
    deps,
    'channel_deleted',
    () => deps.realtime.toUsers(memberIds, { type: 'channel_deleted', channelId }),
    () => deps.realtime.dropTopic(channelTopic(channelId)),
  );
}
