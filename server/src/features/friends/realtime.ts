import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import { listFriendIds } from './queries';

/**
 * Friends see each other's presence (docs/friends.md), channel or not: a socket may watch
 * (presence_watch) the presence of the user's friends. Ending a friendship re-checks both
 * people's watches (service.ts).
 */
export function registerFriendRealtime(realtime: Realtime, db: Db): void {
  realtime.presenceVisible(async (viewerId, userIds) => {
    const wanted = new Set(userIds);
    return (await listFriendIds(db, viewerId)).filter((id) => wanted.has(id));
  });
}
