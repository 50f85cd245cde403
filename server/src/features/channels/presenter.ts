import type { Channel, ChannelMember, PublicChannel } from '#shared/channels';
import type { ChannelType, MemberRole } from '#shared/limits';
import type { User } from '#shared/users';
import type { users } from '../../auth/schema';
import { presentUser } from '../../auth/user-presenter';
import type { channelMembers, channels } from './schema';

type ChannelRow = typeof channels.$inferSelect;
type MemberRow = typeof channelMembers.$inferSelect;
type UserRow = typeof users.$inferSelect;

/**
 * The only way a channel leaves the server; unread count, read position and direct peer are
 * per viewer.
 */
export function presentChannel(
  row: ChannelRow,
  viewer: {
    unreadCount: number;
    lastReadAt: Date | null;
    lastReadSeq: number;
    role: MemberRole;
    directUser?: User | null;
    /** DEFAULT_CHANNEL's value, when the caller knows it: sets `isDefault`. */
    defaultChannel?: string | null;
  },
): Channel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as ChannelType,
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSeq: row.lastSeq,
    unreadCount: viewer.unreadCount,
    lastReadAt: viewer.lastReadAt?.toISOString() ?? null,
    lastReadSeq: viewer.lastReadSeq,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    role: viewer.role,
    ...(row.type === 'direct' ? { directUser: viewer.directUser ?? null } : {}),
    // The rule broadcast mentions notify @everyone by (messages/broadcast-mentions.ts).
    ...(viewer.defaultChannel !== undefined
      ? {
          isDefault:
            viewer.defaultChannel !== null &&
            row.type === 'channel' &&
            row.name === viewer.defaultChannel,
        }
      : {}),
  };
}

export function presentMember(row: MemberRow, user: UserRow): ChannelMember {
  return {
    id: row.id,
    channelId: row.channelId,
    userId: row.userId,
    role: row.role as MemberRole,
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
    user: presentUser(user),
  };
}

export function presentPublicChannel(row: ChannelRow, memberCount: number): PublicChannel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type === 'voice' ? 'voice' : 'channel',
    createdAt: row.createdAt.toISOString(),
    memberCount,
  };
}
