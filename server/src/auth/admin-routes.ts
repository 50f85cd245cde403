import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type WorkspaceInvite, WorkspaceInviteCreateSchema } from '#shared/auth';
import type { InstanceStorage } from '#shared/files';
import type { AppContext } from '../context';
import { instanceStorage } from '../features/files/quota';
import { forbidden, notFound, parse } from '../lib/errors';
import { requireUser } from './guard';
import type { SessionUser } from './sessions';
import {
  createWorkspaceInvite,
  listWorkspaceInvites,
  revokeWorkspaceInvite,
} from './signup-policy';

function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden("Réservé aux administrateurs de l'espace de travail");
  return user;
}

/** The workspace administration: sign-up links (SIGNUP=invite), the files' storage. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/invites', async (request): Promise<WorkspaceInvite[]> => {
    requireAdmin(request);
    return listWorkspaceInvites(ctx.db);
  });

  app.post('/api/admin/invites', async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parse(WorkspaceInviteCreateSchema, request.body);
    const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const invite = await createWorkspaceInvite(ctx.db, { ...input, createdById: admin.id, origin });
    return reply.status(201).send(invite);
  });

  app.delete<{ Params: { id: string } }>('/api/admin/invites/:id', async (request, reply) => {
    requireAdmin(request);
    const id = z.uuid().safeParse(request.params.id);
    if (!id.success || !(await revokeWorkspaceInvite(ctx.db, id.data))) {
      throw notFound("Lien d'inscription introuvable");
    }
    return reply.status(204).send();
  });

  // docs/files.md, "Quotas": the instance's total and the accounts that take the most.
  app.get('/api/admin/storage', async (request): Promise<InstanceStorage> => {
    requireAdmin(request);
    return instanceStorage(ctx.db, ctx.config.files);
  });
}
