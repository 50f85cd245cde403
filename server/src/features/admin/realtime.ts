import type { ServerEvent } from '#shared/protocol';
import type { Realtime } from '../../realtime/realtime';

/**
 * What the whole instance hears of an administrator's acts (its name, an account deactivated
 * or reactivated): every signed-in socket listens to `instance:all` from its opening.
 */
const INSTANCE_TOPIC = 'instance';
const ALL = `${INSTANCE_TOPIC}:all`;

export function registerInstanceRealtime(realtime: Realtime): void {
  realtime.topicKind(INSTANCE_TOPIC, {
    authorize: async (identity, key) => identity.kind === 'user' && key === 'all',
    initial: async (identity) => (identity.kind === 'user' ? ['all'] : []),
  });
}

export const toWholeInstance = (realtime: Realtime, event: ServerEvent) =>
  realtime.toTopic(ALL, event);
