import type { FastifyInstance } from 'fastify';
import type { UserSearchPage } from '#shared/user-directory';
import { UserSearchQuerySchema } from '#shared/user-directory';
import type { User } from '#shared/users';
import { UserListQuerySchema } from '#shared/users';
import { requireUser } from '../../auth/guard';
import { presentUser } from '../../auth/user-presenter';
import type { UserRow } from '../../auth/users';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { parse } from '../../lib/errors';
import { findCoMembers } from '../channels/membership';
import { searchUsers } from './directory';
import { registerPresenceFrame } from './realtime';
import { listUsers } from './service';

/**
 * Presence and status message only for those who share a channel with the caller
 * (docs/security.md, finding 7); the others show as offline.
 */
async function presentFor(db: Db, viewerId: string, rows: UserRow[]): Promise<User[]> {
  const coMembers = await findCoMembers(
    db,
    viewerId,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    coMembers.has(row.id)
      ? presentUser(row)
      : { ...presentUser(row), status: 'offline' as const, statusMessage: null },
  );
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPresenceFrame(ctx.realtime);
  /** The people the caller can start a conversation with: everyone but themselves (500 at most). */
  app.get('/api/users', async (request) => {
    const user = requireUser(request);
    const { q } = parse(UserListQuerySchema, request.query);
    const rows = await listUsers(ctx.db, { excludeId: user.id, q });
    return presentFor(ctx.db, user.id, rows);
  });

  /**
   * The directory searched on the server, page by page (the pickers: a direct message, an
   * assignee, a friend, a colleague to add to a channel): accents and case aside.
   */
  app.get('/api/users/search', async (request): Promise<UserSearchPage> => {
    const user = requireUser(request);
    const { q, cursor, limit } = parse(UserSearchQuerySchema, request.query);
    const page = await searchUsers(ctx.db, { excludeId: user.id, q, cursor, limit });
    return { users: await presentFor(ctx.db, user.id, page.rows), nextCursor: page.nextCursor };
  });
}
