import { createHmac } from 'node:crypto';
import type { IceServersResponse } from '#shared/calls';
import type { CallsConfig } from './config';

/**
 * The ICE servers a signed-in user's peer connections use. With TURN configured, each
 * answer carries fresh credentials in coturn's REST scheme (`use-auth-secret`):
 * username = `<expiry unix seconds>:<userId>`, credential = base64(HMAC-SHA1(secret, username)).
 */
export function iceServersFor(
  config: CallsConfig,
  userId: string,
  now: number = Date.now(),
): IceServersResponse {
  const policy = config.iceTransportPolicy;
  if (!config.turn) {
    return { iceServers: config.iceServers, ttlSeconds: null, iceTransportPolicy: policy };
  }
  const { secret, urls, ttlSeconds } = config.turn;
  const username = `${Math.floor(now / 1000) + ttlSeconds}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return {
    iceServers: [...config.iceServers, { urls, username, credential }],
    ttlSeconds,
    iceTransportPolicy: policy,
  };
}
