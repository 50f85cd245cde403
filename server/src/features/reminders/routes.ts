import type { FastifyInstance } from 'fastify';
import {
  REMINDER_NOT_FOUND,
  ReminderCommandSchema,
  ReminderCreateSchema,
  SCHEDULED_NOT_FOUND,
  ScheduledCreateSchema,
  ScheduledUpdateSchema,
  TimeZoneSchema,
} from '#shared/reminders';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { depsFor } from '../deps';
import { deliverDue, startDelivery } from './delivery';
import {
  createReminder,
  createReminderFromCommand,
  createScheduled,
  deleteReminder,
  deleteScheduled,
  getTimeZone,
  listReminders,
  listScheduled,
  setTimeZone,
  updateScheduled,
} from './service';

type ById = { Params: { id: string } };

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests' clock hook: deliver what is due at `now` on this node (docs/product.md). */
    remindersDeliverDue(now?: Date): Promise<number>;
  }
}

/**
 * docs/product.md, "Rappels et envois programmés": reminders (`/api/reminders`), scheduled
 * messages (`/api/scheduled-messages`), the person's time zone (`/api/me/time-zone`), and the
 * delivery every node runs.
 */
export function registerReminderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const background = { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log };
  const stop = startDelivery(background, ctx.config.remindersPollMs);
  app.addHook('onClose', async () => stop());
  app.decorate('remindersDeliverDue', (now?: Date) => deliverDue(background, now));

  app.get('/api/me/time-zone', async (request) => getTimeZone(ctx.db, requireUser(request).id));
  app.put('/api/me/time-zone', async (request) => {
    const user = requireUser(request);
    const { timeZone } = parse(TimeZoneSchema, request.body);
    return setTimeZone(ctx.db, user.id, timeZone);
  });

  app.get('/api/reminders', async (request) => listReminders(ctx.db, requireUser(request).id));
  app.post('/api/reminders', async (request, reply) => {
    const user = requireUser(request);
    const body = request.body;
    // `/rappel demain 9h appeler Paul`: the whole phrase, split here.
    const reminder =
      body && typeof body === 'object' && 'text' in body
        ? await createReminderFromCommand(
            depsFor(ctx, request),
            user.id,
            parse(ReminderCommandSchema, body),
          )
        : await createReminder(depsFor(ctx, request), user.id, parse(ReminderCreateSchema, body));
    return reply.code(201).send(reminder);
  });
  app.delete<ById>('/api/reminders/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteReminder(
      depsFor(ctx, request),
      user.id,
      idParam(request.params.id, REMINDER_NOT_FOUND),
    );
    return reply.code(204).send();
  });

  app.get('/api/scheduled-messages', async (request) =>
    listScheduled(ctx.db, requireUser(request).id),
  );
  app.post('/api/scheduled-messages', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(ScheduledCreateSchema, request.body);
    return reply.code(201).send(await createScheduled(depsFor(ctx, request), user.id, input));
  });
  app.patch<ById>('/api/scheduled-messages/:id', async (request) => {
    const user = requireUser(request);
    const id = idParam(request.params.id, SCHEDULED_NOT_FOUND);
    const input = parse(ScheduledUpdateSchema, request.body);
    return updateScheduled(depsFor(ctx, request), user.id, id, input);
  });
  app.delete<ById>('/api/scheduled-messages/:id', async (request, reply) => {
    const user = requireUser(request);
    const id = idParam(request.params.id, SCHEDULED_NOT_FOUND);
    await deleteScheduled(depsFor(ctx, request), user.id, id);
    return reply.code(204).send();
  });
}
