import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONNECTION_NOT_FOUND,
  ConnectionCreateSchema,
  ConnectionUpdateSchema,
} from '#shared/calendar';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { HttpError, parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { startBackgroundSync } from './background-sync';
import {
  type CalendarDeps,
  completeAuthorization,
  deleteConnection,
  listConnections,
  listRemoteCalendars,
  providerStatuses,
  startConnection,
  updateConnection,
} from './connections';
import { publicOrigin } from './public-origin';
import { syncConnection } from './sync';

type ById = { Params: { id: string } };
type Callback = { Querystring: { code?: string; state?: string; error?: string } };

/** The provider's redirect comes back here (docs/calendar.md, "Addresses"). */
const originOf = (ctx: AppContext, request: FastifyRequest) => publicOrigin(ctx.config, request);

/** docs/calendar.md: connections to Google and Outlook calendars, and their sync. */
export function registerCalendarConnectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = (request: FastifyRequest): CalendarDeps => ({
    db: ctx.db,
    log: request.log,
    calendar: ctx.config.calendar,
  });
  const connectionId = (params: { id: string }) => idParam(params.id, CONNECTION_NOT_FOUND);

  /** The form shows an unconfigured provider disabled, with why, before anything is filled. */
  app.get('/api/calendar/providers', async (request) => {
    requireUser(request);
    return providerStatuses(ctx.config.calendar);
  });

  app.get('/api/calendar/connections', async (request) => {
    const user = requireUser(request);
    return listConnections(ctx.db, user.id);
  });

  /** 201 with the provider's consent address, where the browser goes next. */
  app.post('/api/calendar/connections', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(ConnectionCreateSchema, request.body);
    const created = await startConnection(deps(request), user.id, input, originOf(ctx, request));
    return reply.status(201).send(created);
  });

  /** The end of the consent round trip: back to the settings page, to pick the calendar. */
  app.get<Callback>('/api/calendar/oauth/callback', async (request, reply) => {
    const user = requireUser(request);
    try {
      const id = await completeAuthorization(
        deps(request),
        user.id,
        request.query,
        originOf(ctx, request),
      );
      return reply.redirect(`/calendar-settings?pick=${id}`);
    } catch (error) {
      request.log.warn({ err: error }, 'calendar authorization failed');
      const message = error instanceof HttpError ? error.message : 'L’autorisation n’a pas abouti';
      return reply.redirect(`/calendar-settings?error=${encodeURIComponent(message)}`);
    }
  });

  app.get<ById>('/api/calendar/connections/:id/calendars', async (request) => {
    const user = requireUser(request);
    return listRemoteCalendars(deps(request), user.id, connectionId(request.params));
  });

  app.patch<ById>('/api/calendar/connections/:id', async (request) => {
    const user = requireUser(request);
    const id = connectionId(request.params);
    const input = parse(ConnectionUpdateSchema, request.body);
    return updateConnection(ctx.db, user.id, id, input);
  });

  app.delete<ById>('/api/calendar/connections/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteConnection(ctx.db, user.id, connectionId(request.params));
    return reply.status(204).send();
  });

  app.post<ById>('/api/calendar/sync/:id', async (request) => {
    const user = requireUser(request);
    return syncConnection(deps(request), user.id, connectionId(request.params));
  });

  const interval = ctx.config.calendar.syncIntervalMs;
  if (interval > 0) {
    const stop = startBackgroundSync(
      { db: ctx.db, log: app.log, calendar: ctx.config.calendar },
      interval,
    );
    app.addHook('onClose', async () => stop());
  }
}
