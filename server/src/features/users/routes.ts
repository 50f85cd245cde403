import type { FastifyInstance } from 'fastify';
import { UserListQuerySchema } from '#shared/users';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { presentUser } from './presenter';
import { listUsers } from './service';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The people the caller can start a conversation with: everyone but themselves. */
  app.get('/api/users', async (request) => {
    const user = requireUser(request);
    const { q } = parse(UserListQuerySchema, request.query);
    const rows = await listUsers(ctx.db, { excludeId: user.id, q });
    return rows.map(presentUser);
  });
}
