import type { ServerEvent } from '#shared/protocol';
import type { Realtime } from '../../realtime/realtime';

/** Groups are the whole instance's: every signed-in socket hears of them. */
const GROUPS_TOPIC = 'user-groups';
const ALL = `${GROUPS_TOPIC}:all`;

export function registerUserGroupRealtime(realtime: Realtime): void {
  realtime.topicKind(GROUPS_TOPIC, {
    authorize: async (identity, key) => identity.kind === 'user' && key === 'all',
    initial: async (identity) => (identity.kind === 'user' ? ['all'] : []),
  });
}

export const toEveryone = (realtime: Realtime, event: ServerEvent) => realtime.toTopic(ALL, event);
