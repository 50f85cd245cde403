import type { FastifyInstance } from 'fastify';
import { SearchQuerySchema } from '#shared/search';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { search } from './service';

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** docs/search.md: the caller's current channels only; 400 under 3 characters. */
  app.get('/api/search', async (request) => {
    const user = requireUser(request);
    const query = parse(SearchQuerySchema, request.query);
    return search(ctx.db, user.id, query.q, query.cursor);
  });
}
