import type { FastifyInstance } from 'fastify';
import { SlotSearchSchema } from '#shared/calendar-slots';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { findFreeSlots } from './slot-finder';

/** docs/calendar.md, "Finding a slot": the first slots free for the caller and the people asked. */
export function registerSlotRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/calendar/slots', async (request) => {
    const user = requireUser(request);
    const input = parse(SlotSearchSchema, request.body);
    return findFreeSlots(ctx.db, user.id, input);
  });
}
