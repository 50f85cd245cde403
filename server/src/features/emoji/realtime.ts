import type { ServerEvent } from '#shared/protocol';
import type { Realtime } from '../../realtime/realtime';

/** Custom emoji are the whole instance's: every signed-in socket hears of them. */
const EMOJI_TOPIC = 'emoji';
const ALL = `${EMOJI_TOPIC}:all`;

export function registerEmojiRealtime(realtime: Realtime): void {
  realtime.topicKind(EMOJI_TOPIC, {
    authorize: async (identity, key) => identity.kind === 'user' && key === 'all',
    initial: async (identity) => (identity.kind === 'user' ? ['all'] : []),
  });
}

export const toEveryone = (realtime: Realtime, event: ServerEvent) => realtime.toTopic(ALL, event);
