import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import { areFriends, listFriendIds } from './queries';
import { FRIENDS_TOPIC, friendsTopic } from './topics';

/**
 * Friends see each other's presence (docs/friends.md), channel or not: each socket of a user
 * listens to `friends:<id>` of every friend, and a user's presence goes to their own
 * `friends:` topic. A friendship made or ended moves the open sockets (service.ts).
 */
export function registerFriendRealtime(realtime: Realtime, db: Db): void {
  realtime.topicKind(FRIENDS_TOPIC, {
    authorize: async (identity, userId) =>
      identity.kind === 'user' && areFriends(db, identity.userId, userId),
    initial: async (identity) =>
      identity.kind === 'user' ? listFriendIds(db, identity.userId) : [],
  });
  realtime.presenceAudience(async (userId) => [friendsTopic(userId)]);
}
