import type { ChannelType, MemberRole } from './limits';
import type { User } from './users';

/** An item of GET /api/channels: what the sidebar needs. */
export interface Channel {
  id: string;
  name: string;
  description: string | null;
  type: ChannelType;
  createdById: string | null;
  createdAt: string;
  updatedAt: string;
  /** Highest message sequence number in the channel (DESIGN §4). */
  lastSeq: number;
  /** Messages from others after the caller's lastReadAt. */
  unreadCount: number;
  /** Direct channels only: the other person. */
  directUser?: User | null;
}

export interface ChannelMember {
  id: string;
  channelId: string;
  userId: string;
  role: MemberRole;
  lastReadAt: string | null;
  joinedAt: string;
  user: User;
}

/** GET /api/channels/{id}: the channel with its members (SPEC §3 view). */
export interface ChannelWithMembers extends Channel {
  members: ChannelMember[];
}
