import type { AppContext } from '../../context';
import { clearTyping } from './service';

/**
 * A member who leaves stops typing there, on every node's board: their flag would otherwise
 * linger until its TTL.
 */
export function subscribeTyping(ctx: Pick<AppContext, 'realtime' | 'events'>): void {
  ctx.events.on('memberRemoved', ({ channelId, userId }) =>
    clearTyping(ctx.realtime, channelId, userId),
  );
}
