import type { AppContext } from '../../context';
import { clearTyping } from './service';

/**
 * A member who leaves stops typing there: their row would otherwise linger until its TTL
 * (the poll already hides non-members; this keeps the table from holding them).
 */
export function subscribeTyping(ctx: Pick<AppContext, 'db' | 'events'>): void {
  ctx.events.on('memberRemoved', ({ channelId, userId }) => clearTyping(ctx.db, channelId, userId));
}
