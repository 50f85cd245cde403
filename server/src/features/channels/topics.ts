import { topicOf } from '../../realtime/identity';

/** A channel's topic: its members' sockets listen to it (features/channels/realtime.ts). */
export const CHANNEL_TOPIC = 'channel';

export const channelTopic = (channelId: string): string => topicOf(CHANNEL_TOPIC, channelId);
