import type { FastifyInstance } from 'fastify';
import { type AuditPage, AuditQuerySchema } from '#shared/audit';
import { requireAdmin } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { listAudit, noteSignIn, recordAudit, startAuditPurge } from './service';

/**
 * The audit log (issue 48 item 2): GET /api/admin/audit for administrators; the acts auth
 * records (it names no feature) arrive as its `audited` step, in the act's transaction; every
 * sign-in is checked for a new device; the purge runs on one node at a time.
 */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  ctx.events.within('audited', (tx, entry) => recordAudit(tx, entry));
  ctx.events.on('signedIn', async (payload) => {
    await noteSignIn(ctx.db, payload);
  });

  app.get('/api/admin/audit', async (request): Promise<AuditPage> => {
    requireAdmin(request);
    const query = parse(AuditQuerySchema, request.query);
    return listAudit(ctx.db, query);
  });

  const stopPurge = startAuditPurge(ctx.db, app.log, ctx.config.audit);
  app.addHook('onClose', async () => stopPurge());
}
