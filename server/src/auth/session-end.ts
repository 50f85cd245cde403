import type { AppContext } from '../context';
import { destroySession, destroyUserSessions } from './sessions';

type Ctx = Pick<AppContext, 'db' | 'realtime'>;

/**
 * A session ends: its row goes, then its sockets close on every node (4401). Every way a
 * session ends goes through here (docs/security.md, finding 4).
 */
export async function endSession(ctx: Ctx, sid: string): Promise<void> {
  await destroySession(ctx.db, sid);
  await ctx.realtime.sessionEnded(sid);
}

/** End a user's sessions (all, all but one, or one) with their sockets; how many ended. */
export async function endUserSessions(
  ctx: Ctx,
  userId: string,
  options: { except?: string | undefined; only?: string } = {},
): Promise<number> {
  const ended = await destroyUserSessions(ctx.db, userId, options);
  await Promise.all(ended.map((sid) => ctx.realtime.sessionEnded(sid)));
  return ended.length;
}
