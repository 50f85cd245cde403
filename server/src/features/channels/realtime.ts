import { JoinChannelFrameSchema, MarkReadFrameSchema } from '#shared/protocol/channels';
import type { Db } from '../../db/client';
import { splitTopic } from '../../realtime/identity';
import type { Realtime } from '../../realtime/realtime';
import { CHANNEL_NOT_FOUND } from './access';
import {
  findCoMembers,
  findMembersAmong,
  getMemberRole,
  listChannelIdsForUser,
} from './membership';
import { CHANNEL_TOPIC, channelTopic } from './topics';

/** What the channel topics ask the store; tests give the in-memory answers. */
export interface ChannelMembership {
  /** Ids of the channels the user belongs to (the database's answer). */
  listChannelIds(userId: string): Promise<string[]>;
  isMember(channelId: string, userId: string): Promise<boolean>;
  /** Those of `others` who share a channel with the user. */
  coMembers(userId: string, others: readonly string[]): Promise<Set<string>>;
  /** Those of `others` who are members of the channel, if the user is one too. */
  membersAmong(channelId: string, userId: string, others: readonly string[]): Promise<Set<string>>;
}

export const membershipOf = (db: Db): ChannelMembership => ({
  listChannelIds: (userId) => listChannelIdsForUser(db, userId),
  isMember: async (channelId, userId) => (await getMemberRole(db, channelId, userId)) !== null,
  coMembers: (userId, others) => findCoMembers(db, userId, others),
  membersAmong: (channelId, userId, others) => findMembersAmong(db, channelId, userId, others),
});

/**
 * The channels feature on /ws: every socket of a user listens to all of the user's channels
 * (unread counts, notifications), whichever is open; `join_channel` marks one open (the
 * socket views it: typing reaches only viewers), and re-checks membership with the store
 * since this node may lag a join made on another. A user's presence may be watched by
 * everyone who shares a channel with them.
 */
export function registerChannelRealtime(
  realtime: Realtime,
  membership: ChannelMembership,
  markRead: (userId: string, channelId: string) => Promise<unknown>,
): void {
  realtime.topicKind(CHANNEL_TOPIC, {
    authorize: async (identity, channelId) =>
      identity.kind === 'user' && membership.isMember(channelId, identity.userId),
    initial: async (identity) =>
      identity.kind === 'user' ? membership.listChannelIds(identity.userId) : [],
  });
  realtime.onFrame('join_channel', JoinChannelFrameSchema, async (socket, { channelId }) => {
    const topic = channelTopic(channelId);
    if (!(await socket.subscribe(topic))) {
      socket.reply({ type: 'error', message: CHANNEL_NOT_FOUND });
      return;
    }
    socket.view(topic);
    socket.reply({ type: 'joined', channelId });
  });
  // The socket listens to the channel: the user is a member (the removal unsubscribes it).
  realtime.onFrame('mark_read', MarkReadFrameSchema, async (socket, { channelId }) => {
    if (!socket.isSubscribed(channelTopic(channelId))) {
      socket.reply({ type: 'error', message: CHANNEL_NOT_FOUND });
      return;
    }
    await markRead(socket.identity.userId, channelId);
  });
  // The people a socket watches are mostly those the channel it views shows: its members,
  // found in that channel's range of the membership index; only the others are looked for in
  // every channel the viewer shares (docs/performance-log.md, capacity, "2026-11-28, 06:00").
  realtime.presenceVisible(async (viewerId, userIds, { viewing }) => {
    const [kind, channelId] = viewing ? splitTopic(viewing) : [];
    const here =
      kind === CHANNEL_TOPIC && channelId
        ? await membership.membersAmong(channelId, viewerId, userIds)
        : new Set<string>();
    const rest = userIds.filter((id) => !here.has(id));
    if (rest.length === 0) return here;
    return [...here, ...(await membership.coMembers(viewerId, rest))];
  });
}
