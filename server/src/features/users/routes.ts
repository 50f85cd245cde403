import type { FastifyInstance } from 'fastify';
import { UserListQuerySchema } from '#shared/users';
import { requireUser } from '../../auth/guard';
import { presentUser } from '../../auth/user-presenter';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { findCoMembers } from '../channels/membership';
import { registerPresenceFrame } from './realtime';
import { listUsers } from './service';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPresenceFrame(ctx.realtime);
  /**
   * The people the caller can start a conversation with: everyone but themselves. Presence
   * and status message only for those who share a channel with the caller
   * (docs/security.md, finding 7); the others show as offline.
   */
  app.get('/api/users', async (request) => {
    const user = requireUser(request);
    const { q } = parse(UserListQuerySchema, request.query);
    const rows = await listUsers(ctx.db, { excludeId: user.id, q });
    const coMembers = await findCoMembers(
      ctx.db,
      user.id,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      coMembers.has(row.id)
        ? presentUser(row)
        : { ...presentUser(row), status: 'offline' as const, statusMessage: null },
    );
  });
}
