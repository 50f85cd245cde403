import { topicOf } from '../../realtime/identity';

/**
 * `friends:<userId>`: the sockets of that user's friends listen to it, and the user's
 * presence is published to it (features/friends/realtime.ts).
 */
export const FRIENDS_TOPIC = 'friends';

export const friendsTopic = (userId: string): string => topicOf(FRIENDS_TOPIC, userId);
