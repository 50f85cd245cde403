import { randomInt } from 'node:crypto';
import { and, eq, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Channel } from '#shared/channels';
import {
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_DEFAULT_MAX_USES,
  INVITE_DEFAULT_TTL_DAYS,
  INVITE_INVALID,
  INVITE_REMOVED,
  type InviteCreateInput,
  type InvitePreview,
} from '#shared/invites';
import { userDisplayName } from '#shared/user-names';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { announceMemberAdded, insertMember } from '../channels/members';
import { clearRemoval, findRemoval, getMemberRole, isChannelManager } from '../channels/membership';
import { channelNameSql, findChannelType } from '../channels/queries';
import { getChannel } from '../channels/service';
import type { Deps } from '../deps';
import { type InviteRow, presentInvite } from './presenter';
import { channelInvites } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const CREATE_ATTEMPTS = 5;

/** docs/product.md §10.5: unguessable codes, each character drawn from a CSPRNG without bias. */
export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) {
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  }
  return code;
}

/** No expiresAt: the default lifetime; null: never expires. */
function expiryOf(input: InviteCreateInput): Date | null {
  if (input.expiresAt === undefined) return new Date(Date.now() + INVITE_DEFAULT_TTL_DAYS * DAY_MS);
  return input.expiresAt === null ? null : new Date(input.expiresAt);
}

/** No maxUses: the default limit; null: no limit. */
const maxUsesOf = (input: InviteCreateInput) =>
  input.maxUses === undefined ? INVITE_DEFAULT_MAX_USES : input.maxUses;

/** Active, not expired, not used up: the one predicate every look-up and join shares. */
const usable = sql`(${and(
  eq(channelInvites.isActive, true),
  or(isNull(channelInvites.expiresAt), sql`${channelInvites.expiresAt} > now()`),
  or(isNull(channelInvites.maxUses), lt(channelInvites.usesCount, channelInvites.maxUses)),
)})`;

/** Codes are stored upper-case; the UI upper-cases as typed, a pasted link may not. */
const byCode = (code: string) => eq(channelInvites.inviteCode, code.trim().toUpperCase());

export async function listActiveInvites(db: Db, channelId: string) {
  const rows = await db
    .select()
    .from(channelInvites)
    .where(and(eq(channelInvites.channelId, channelId), usable));
  return rows.map(presentInvite);
}

/**
 * docs/product.md §4: a channel shows at most one active invite. Reuse the usable one (unless the body
 * asks for new limits); otherwise retire stale ones and insert. The partial unique index
 * settles concurrent creators: the loser inserts nothing and picks up the winner's invite.
 */
export async function ensureInvite(
  db: Db,
  userId: string,
  channelId: string,
  input: InviteCreateInput,
): Promise<{ invite: InviteRow; created: boolean }> {
  if ((await findChannelType(db, channelId)) === 'direct') {
    throw forbidden('Une conversation directe n’accepte pas d’invitation');
  }
  const custom = input.expiresAt !== undefined || input.maxUses !== undefined;
  // A member may share the active invite or make one when there is none; replacing it, or
  // choosing its limits, is for the channel's managers (docs/security.md, finding 5).
  if (custom && !(await isChannelManager(db, channelId, userId))) {
    throw forbidden(
      'Seuls le propriétaire et les administrateurs du canal choisissent les limites d’une invitation',
    );
  }
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const created = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(channelInvites)
        .where(and(eq(channelInvites.channelId, channelId), usable));
      if (current && !custom) return { invite: current, created: false };
      // Retire only stale invites, unless replacing on purpose: a usable one committed by a
      // concurrent request since our read must survive, and our insert then yields to it.
      const retire = custom ? undefined : not(usable);
      await tx
        .update(channelInvites)
        .set({ isActive: false })
        .where(
          and(eq(channelInvites.channelId, channelId), eq(channelInvites.isActive, true), retire),
        );
      const [row] = await tx
        .insert(channelInvites)
        .values({
          channelId,
          inviteCode: generateInviteCode(),
          createdById: userId,
          expiresAt: expiryOf(input),
          maxUses: maxUsesOf(input),
        })
        .onConflictDoNothing()
        .returning();
      return row ? { invite: row, created: true } : null;
    });
    if (created) return created;
  }
  throw new Error(`could not create an invite for channel ${channelId}`);
}

/** GET /api/channel-invites/{code}: what the join dialog and the invite page show. */
export async function previewInvite(db: Db, userId: string, code: string): Promise<InvitePreview> {
  const [row] = await db
    .select({
      invite: channelInvites,
      channelName: channelNameSql(channelInvites.channelId),
      inviter: users,
    })
    .from(channelInvites)
    .leftJoin(users, eq(users.id, channelInvites.createdById))
    .where(and(byCode(code), usable));
  if (!row) throw notFound(INVITE_INVALID);
  const role = await getMemberRole(db, row.invite.channelId, userId);
  return {
    channelId: row.invite.channelId,
    channelName: row.channelName,
    invitedBy: userDisplayName(row.inviter),
    isAlreadyMember: role !== null,
  };
}

/**
 * Join by code, atomically (docs/product.md §10.5): the membership insert and the use count move
 * together, and the count only moves while the invite is still usable, so maxUses holds
 * under concurrent joins. A member using the code again consumes nothing.
 */
export async function joinByInvite(deps: Deps, userId: string, code: string): Promise<Channel> {
  const [invite] = await deps.db
    .select({
      id: channelInvites.id,
      channelId: channelInvites.channelId,
      createdById: channelInvites.createdById,
      createdAt: channelInvites.createdAt,
    })
    .from(channelInvites)
    .where(and(byCode(code), usable));
  if (!invite) throw notFound(INVITE_INVALID);
  await requireReadmitted(deps.db, invite, userId);

  const joined = await deps.db.transaction(async (tx) => {
    if (!(await insertMember(tx, invite.channelId, userId))) return false;
    await clearRemoval(tx, invite.channelId, userId);
    const [used] = await tx
      .update(channelInvites)
      .set({ usesCount: sql`${channelInvites.usesCount} + 1` })
      .where(and(eq(channelInvites.id, invite.id), usable))
      .returning({ id: channelInvites.id });
    // Used up or expired since the read above: the throw rolls the membership back.
    if (!used) throw notFound(INVITE_INVALID);
    return true;
  });
  if (joined) await announceMemberAdded(deps, invite.channelId, userId);
  return getChannel(deps, userId, invite.channelId);
}

/**
 * A member removed by someone else comes back only through an invite that one of the
 * channel's managers made after the removal (docs/security.md, finding 5).
 */
async function requireReadmitted(
  db: Db,
  invite: { channelId: string; createdById: string | null; createdAt: Date },
  userId: string,
): Promise<void> {
  const removedAt = await findRemoval(db, invite.channelId, userId);
  if (!removedAt) return;
  const byManager =
    invite.createdById !== null &&
    (await isChannelManager(db, invite.channelId, invite.createdById));
  if (!byManager || invite.createdAt <= removedAt) throw forbidden(INVITE_REMOVED);
}

/** The channel's managers end the active invite: its code stops working at once. */
export async function revokeInvite(
  db: Db,
  userId: string,
  channelId: string,
  inviteId: string,
): Promise<void> {
  if (!(await isChannelManager(db, channelId, userId))) {
    throw forbidden('Seuls le propriétaire et les administrateurs du canal révoquent l’invitation');
  }
  const revoked = await db
    .update(channelInvites)
    .set({ isActive: false })
    .where(
      and(
        eq(channelInvites.id, inviteId),
        eq(channelInvites.channelId, channelId),
        eq(channelInvites.isActive, true),
      ),
    )
    .returning({ id: channelInvites.id });
  if (revoked.length === 0) throw notFound('Invitation introuvable');
}
