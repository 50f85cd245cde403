import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EVENT_NOT_FOUND, EventCreateSchema, EventUpdateSchema } from '#shared/calendar';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { depsFor } from '../deps';
import { registerCalendarConnectionRoutes } from './connection-routes';
import { getFeed, regenerateFeed, renderFeed, revokeFeed } from './feed';
import { createMeeting } from './meetings';
import { publicOrigin } from './public-origin';
import { clearReplacedVersion, createEvent, deleteEvent, listEvents, updateEvent } from './service';
import { registerSlotRoutes } from './slot-routes';
import { subscribeToTasks } from './task-subscriptions';

type ById = { Params: { id: string } };

/** Where the feed's address points (docs/calendar.md, "Addresses"). */
const originOf = (ctx: AppContext, request: FastifyRequest) => publicOrigin(ctx.config, request);
/** The domain of the feed's event UIDs: PUBLIC_URL's when set, so they stay put. */
const uidDomainOf = (ctx: AppContext, request: FastifyRequest) =>
  ctx.config.publicUrl ? new URL(ctx.config.publicUrl).hostname : request.hostname;

/** docs/calendar.md: a user's own events, their private ICS feed. */
export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCalendarConnectionRoutes(app, ctx);
  registerSlotRoutes(app, ctx);
  subscribeToTasks(ctx);
  const eventId = (params: { id: string }) => idParam(params.id, EVENT_NOT_FOUND);

  app.get('/api/calendar/events', async (request) => {
    const user = requireUser(request);
    return listEvents(ctx.db, user.id);
  });

  app.post('/api/calendar/events', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(EventCreateSchema, request.body);
    // With people or a conversation, a meeting (meetings.ts); else the caller's own event.
    const event =
      input.attendeeIds || input.channelId
        ? await createMeeting(
            { ...depsFor(ctx, request), calendar: ctx.config.calendar },
            user.id,
            input,
          )
        : await createEvent(ctx.db, user.id, input);
    return reply.status(201).send(event);
  });

  app.patch<ById>('/api/calendar/events/:id', async (request) => {
    const user = requireUser(request);
    const id = eventId(request.params);
    const input = parse(EventUpdateSchema, request.body);
    return updateEvent(ctx.db, user.id, id, input);
  });

  app.delete<ById>('/api/calendar/events/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteEvent(ctx.db, user.id, eventId(request.params));
    return reply.status(204).send();
  });

  /** docs/calendar.md "Conflicts and deletions": the note of a replaced version is dismissed. */
  app.delete<ById>('/api/calendar/events/:id/replaced-version', async (request, reply) => {
    const user = requireUser(request);
    await clearReplacedVersion(ctx.db, user.id, eventId(request.params));
    return reply.status(204).send();
  });

  app.get('/api/calendar/feed', async (request) => {
    const user = requireUser(request);
    return getFeed(ctx.db, user.id);
  });

  /** Makes the feed, or a new secret for it: the previous address stops working. */
  app.post('/api/calendar/feed', async (request) => {
    const user = requireUser(request);
    return regenerateFeed(ctx.db, user.id, originOf(ctx, request));
  });

  app.delete('/api/calendar/feed', async (request, reply) => {
    const user = requireUser(request);
    await revokeFeed(ctx.db, user.id);
    return reply.status(204).send();
  });

  /** No session: calendar apps subscribe with the secret address alone. */
  app.get<{ Params: { file: string } }>('/api/calendar/feed/:file', async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/, '');
    const text = await renderFeed(ctx.db, token, uidDomainOf(ctx, request));
    if (text === null) throw notFound('Flux introuvable');
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('Referrer-Policy', 'no-referrer')
      .send(text);
  });
}
