import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Realtime } from './realtime';

/** Mount /ws and return the fan-out used by the features. (Being built: see issue 3.) */
export async function registerRealtime(
  _app: FastifyInstance,
  _ctx: Omit<AppContext, 'realtime'>,
): Promise<Realtime> {
  const none = async () => {};
  return {
    toChannel: none,
    toUsers: none,
    memberAdded: none,
    memberRemoved: none,
    channelDeleted: none,
    sessionEnded: none,
  };
}
