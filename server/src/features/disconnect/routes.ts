import type { FastifyInstance } from 'fastify';
import {
  type AvailabilityList,
  AvailabilityQuerySchema,
  DisconnectPolicySchema,
  DisconnectReportQuerySchema,
  TIME_OFF_NOT_FOUND,
  TimeOffCreateSchema,
  URGENT_NOT_ALLOWED,
  WorkingHoursUpdateSchema,
} from '#shared/disconnect';
import { requireAdmin, requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { inBackground } from '../../db/store-gate';
import { forbidden, parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { registerUrgentCheck } from '../messages/urgent';
import { registerHoldPolicy } from '../notifications/hold';
import { countUrgent, holdPolicy, monthOf } from './holding';
import { getPolicy, savePolicy, setDefaultEnabled } from './policy';
import { startRelease, tick } from './release';
import { monthlyReport } from './report';
import {
  addTimeOff,
  availabilityFor,
  deleteTimeOff,
  getWorkingHours,
  rescheduleAllHeld,
  resetWorkingHours,
  setWorkingHours,
} from './service';
import { applyTimeOffStatuses, restoreRemoved } from './status';

type ById = { Params: { id: string } };

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests' clock (docs/notifications.md): this node's « now », and a release tick at `now`. */
    disconnect: {
      setClock(at: Date | null): void;
      tick(now?: Date): Promise<number>;
    };
  }
}

/**
 * docs/product.md, « Droit à la déconnexion »: working hours and time off (`/api/me/…`),
 * availability for the composer, the administrators' policy and report; the hold policy the
 * notifications feature asks, the urgent check of the messages feature, and the release
 * every node ticks.
 */
export function registerDisconnectRoutes(app: FastifyInstance, ctx: AppContext): void {
  let fixed: Date | null = null;
  const now = () => fixed ?? new Date();
  const background = { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log };

  setDefaultEnabled(ctx.db, ctx.config.disconnectDefaultEnabled);
  registerHoldPolicy(ctx.events, holdPolicy(ctx.db, now));
  registerUrgentCheck(ctx.events, async (deps) => {
    if (!(await getPolicy(deps.db)).urgentAllowed) throw forbidden(URGENT_NOT_ALLOWED);
  });
  ctx.events.on('messageCreated', ({ message }) => {
    if (!message.urgent) return;
    const at = now();
    void inBackground(() => countUrgent(ctx.db, message.channelId, at)).catch((err: unknown) =>
      app.log.warn({ err }, 'urgent message not counted'),
    );
  });
  const stop = startRelease(background, ctx.config.remindersPollMs);
  app.addHook('onClose', async () => stop());
  app.decorate('disconnect', {
    setClock: (at: Date | null) => {
      fixed = at;
    },
    tick: (at?: Date) => tick(background, at),
  });

  app.get('/api/me/working-hours', async (request) =>
    getWorkingHours(ctx.db, requireUser(request).id, now()),
  );
  app.put('/api/me/working-hours', async (request) => {
    const user = requireUser(request);
    const input = parse(WorkingHoursUpdateSchema, request.body);
    return setWorkingHours(ctx.db, user.id, input, now());
  });
  app.delete('/api/me/working-hours', async (request, reply) => {
    await resetWorkingHours(ctx.db, requireUser(request).id, now());
    return reply.code(204).send();
  });

  app.post('/api/me/time-off', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(TimeOffCreateSchema, request.body);
    const added = await addTimeOff(ctx.db, user.id, input, now());
    await applyTimeOffStatuses(ctx.db, now(), user.id);
    return reply.code(201).send(added.timeOff);
  });
  app.delete<ById>('/api/me/time-off/:id', async (request, reply) => {
    const user = requireUser(request);
    const id = idParam(request.params.id, TIME_OFF_NOT_FOUND);
    await restoreRemoved(ctx.db, await deleteTimeOff(ctx.db, user.id, id, now()));
    return reply.code(204).send();
  });

  app.post('/api/disconnect/availability', async (request): Promise<AvailabilityList> => {
    const user = requireUser(request);
    const { userIds } = parse(AvailabilityQuerySchema, request.body);
    const [items, policy] = await Promise.all([
      availabilityFor(ctx.db, user.id, userIds, now()),
      getPolicy(ctx.db),
    ]);
    return { items, urgentAllowed: policy.urgentAllowed };
  });

  app.get('/api/admin/disconnect-policy', async (request) => {
    requireAdmin(request);
    return getPolicy(ctx.db);
  });
  app.put('/api/admin/disconnect-policy', async (request) => {
    const admin = requireAdmin(request);
    const input = parse(DisconnectPolicySchema, request.body);
    const policy = await savePolicy(ctx.db, { id: admin.id, address: request.ip }, input);
    // Off: nothing waits any more. On with other defaults: each waits for its new start.
    await rescheduleAllHeld(ctx.db, policy, now());
    return policy;
  });
  app.get('/api/admin/disconnect-report', async (request) => {
    requireAdmin(request);
    const { month } = parse(DisconnectReportQuerySchema, request.query);
    return monthlyReport(ctx.db, month ?? monthOf(now()));
  });
}
