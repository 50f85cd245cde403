import type { AppContext } from '../../context';
import type { Deps } from '../deps';
import { leaveVoice } from './service';

/** A member who leaves or is removed leaves the voice channel too, at once. */
export function subscribeVoice(ctx: AppContext, log: Deps['log']): void {
  const deps: Deps = { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log };
  ctx.events.on('memberRemoved', ({ channelId, userId }) => {
    leaveVoice(deps, channelId, userId).catch((err: unknown) => {
      log.warn({ err, channelId }, 'voice: could not take a removed member out');
    });
  });
}
