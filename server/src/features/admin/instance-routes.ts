import type { FastifyInstance } from 'fastify';
import { type InstanceInfo, InstanceUpdateSchema } from '#shared/admin';
import { requireAdmin, requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { recordAudit } from '../audit';
import { instanceName, saveInstanceName } from './instance';
import { toWholeInstance } from './realtime';

/**
 * The instance's name (docs/product.md §2.27, « Instance »): read by anyone signed in (the
 * tab's title, the sidebar), changed by an administrator — recorded in the audit log with the
 * name before and after, then announced to every signed-in socket on every node.
 */
export function registerInstanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/instance', async (request): Promise<InstanceInfo> => {
    requireUser(request);
    const { name } = await instanceName(ctx.db, ctx.config);
    return { name };
  });

  app.put('/api/admin/instance', async (request) => {
    const admin = requireAdmin(request);
    const { name } = parse(InstanceUpdateSchema, request.body);
    const { before, after } = await ctx.db.transaction(async (tx) => {
      const saved = await saveInstanceName(tx, ctx.config, name, admin.id);
      if (saved.before.source === 'console' && saved.before.name === name) return saved;
      await recordAudit(tx, {
        action: 'settings.changed',
        actorId: admin.id,
        target: { type: 'instance', id: 'name' },
        address: request.ip,
        details: { setting: 'name', from: saved.before.name, to: name },
      });
      return saved;
    });
    if (before.name !== after.name) {
      await toWholeInstance(ctx.realtime, { type: 'instance_changed', name: after.name });
    }
    return { name: after.name, nameSource: after.source };
  });
}
