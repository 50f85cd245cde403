import type { ChannelInvite } from '#shared/invites';
import type { channelInvites } from './schema';

export type InviteRow = typeof channelInvites.$inferSelect;

export function presentInvite(row: InviteRow): ChannelInvite {
  return {
    id: row.id,
    channelId: row.channelId,
    inviteCode: row.inviteCode,
    createdById: row.createdById,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    usesCount: row.usesCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}
