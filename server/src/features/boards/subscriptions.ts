import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Deps } from '../deps';
import { unassignMember } from './tasks';

/** A member who leaves a channel is unassigned from its tasks (docs/boards.md). */
export function subscribeBoards(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'events'>,
  log: FastifyBaseLogger,
): void {
  const deps: Deps = { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log };
  ctx.events.on('memberRemoved', ({ channelId, userId }) =>
    unassignMember(deps, channelId, userId),
  );
}
