/** The user groups feature's events (server/src/features/user-groups/realtime.ts); no frames. */
import type { UserGroup } from '../user-groups';

/** Each goes to every signed-in socket of the instance, after the change commits. */
export type UserGroupEvent =
  | { type: 'user_group_saved'; group: UserGroup }
  | { type: 'user_group_deleted'; groupId: string };
