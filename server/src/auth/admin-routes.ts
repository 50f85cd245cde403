import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SignupPolicyUpdateSchema } from '#shared/admin';
import { type WorkspaceInvite, WorkspaceInviteCreateSchema } from '#shared/auth';
import type { AppContext } from '../context';
import { notFound, parse } from '../lib/errors';
import { requireAdmin } from './guard';
import {
  createWorkspaceInvite,
  listWorkspaceInvites,
  revokeWorkspaceInvite,
  saveSignupPolicy,
} from './signup-policy';

/**
 * The workspace administration: sign-up links (SIGNUP=invite). A feature's own
 * administration lives in the feature (files: GET /api/admin/storage), behind requireAdmin.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  // docs/security.md, "Who may sign up": the console's choice replaces SIGNUP from then on.
  app.put('/api/admin/signup-policy', async (request) => {
    const admin = requireAdmin(request);
    const input = parse(SignupPolicyUpdateSchema, request.body);
    return ctx.db.transaction(async (tx) => {
      const { before, after } = await saveSignupPolicy(tx, ctx.config, input, admin.id);
      await ctx.events.runWithin(tx, 'audited', {
        action: 'signup_policy.changed',
        actorId: admin.id,
        target: { type: 'instance', id: 'signup' },
        address: request.ip,
        details: {
          from: before.policy,
          to: after.policy,
          ...(after.domains.length > 0 ? { domains: after.domains } : {}),
        },
      });
      return { signup: after.policy, signupDomains: after.domains, signupSource: after.source };
    });
  });

  app.get('/api/admin/invites', async (request): Promise<WorkspaceInvite[]> => {
    requireAdmin(request);
    return listWorkspaceInvites(ctx.db);
  });

  app.post('/api/admin/invites', async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parse(WorkspaceInviteCreateSchema, request.body);
    const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const invite = await ctx.db.transaction(async (tx) => {
      const made = await createWorkspaceInvite(tx, { ...input, createdById: admin.id, origin });
      await ctx.events.runWithin(tx, 'audited', {
        action: 'signup_link.created',
        actorId: admin.id,
        target: { type: 'signup_link', id: made.id },
        address: request.ip,
        details: { maxUses: made.maxUses, expiresAt: made.expiresAt },
      });
      return made;
    });
    return reply.status(201).send(invite);
  });

  app.delete<{ Params: { id: string } }>('/api/admin/invites/:id', async (request, reply) => {
    const admin = requireAdmin(request);
    const id = z.uuid().safeParse(request.params.id);
    const revoked =
      id.success &&
      (await ctx.db.transaction(async (tx) => {
        if (!(await revokeWorkspaceInvite(tx, id.data))) return false;
        await ctx.events.runWithin(tx, 'audited', {
          action: 'signup_link.revoked',
          actorId: admin.id,
          target: { type: 'signup_link', id: id.data },
          address: request.ip,
        });
        return true;
      }));
    if (!revoked) throw notFound('Lien d’inscription introuvable');
    return reply.status(204).send();
  });
}
