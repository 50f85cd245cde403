import type { FastifyInstance } from 'fastify';
import {
  AdminRoleSchema,
  type AdminUser,
  type AdminUserPage,
  AdminUserQuerySchema,
} from '#shared/admin';
import { requireAdmin } from '../../auth/guard';
import { resetPasswordMail } from '../../auth/mail-templates';
import { createMailer } from '../../auth/mailer';
import { endUserSessions } from '../../auth/session-end';
import { issueToken } from '../../auth/tokens';
import { presentUser } from '../../auth/user-presenter';
import { findUserById } from '../../auth/users';
import type { AppContext } from '../../context';
import { HttpError, parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { registerInstanceRoutes } from './instance-routes';
import { registerInstanceRealtime, toWholeInstance } from './realtime';
import {
  activeAdminIds,
  deactivateUser,
  findAdminUser,
  listAdminUsers,
  reactivateUser,
  recordPasswordReset,
  setAdministrator,
  USER_NOT_FOUND,
} from './service';

type ById = { Params: { id: string } };

/**
 * The users part of the administration console (issue 48 item 1), every route for the
 * workspace's administrators only (403 otherwise). Deactivation ends the account's sessions
 * and their sockets on every node (auth/session-end.ts) once it has committed.
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerInstanceRealtime(ctx.realtime);
  registerInstanceRoutes(app, ctx);
  const mailer = createMailer(ctx.config, { redis: ctx.redis, log: app.log });
  if (mailer) app.addHook('onClose', async () => mailer.close());
  const userId = (params: { id: string }) => idParam(params.id, USER_NOT_FOUND);
  /** After an act commits: every administrator's console, and the account's own tabs. */
  const announce = async (id: string) =>
    ctx.realtime.toUsers([...(await activeAdminIds(ctx.db)), id], {
      type: 'admin_user_changed',
      userId: id,
    });
  /**
   * After a deactivation or reactivation: everyone's copies of the account (authors, members,
   * direct messages) gain or lose « (désactivé) » at once, on every node (docs/realtime.md).
   */
  const announceToEveryone = async (id: string) => {
    const row = await findUserById(ctx.db, id);
    if (row) await toWholeInstance(ctx.realtime, { type: 'user_changed', user: presentUser(row) });
  };

  app.get('/api/admin/users', async (request): Promise<AdminUserPage> => {
    requireAdmin(request);
    return listAdminUsers(ctx.db, parse(AdminUserQuerySchema, request.query));
  });

  app.post<ById>('/api/admin/users/:id/deactivate', async (request): Promise<AdminUser> => {
    const admin = requireAdmin(request);
    const id = userId(request.params);
    if (id === admin.id) {
      throw new HttpError(409, 'Vous ne pouvez pas désactiver votre propre compte');
    }
    const changed = await deactivateUser(ctx.db, id, { actorId: admin.id, address: request.ip });
    // Every session (and so every socket, on every node) ends; none can start again.
    await endUserSessions(ctx, id);
    await announce(id);
    if (changed) await announceToEveryone(id);
    return findAdminUser(ctx.db, id);
  });

  app.post<ById>('/api/admin/users/:id/reactivate', async (request): Promise<AdminUser> => {
    const admin = requireAdmin(request);
    const id = userId(request.params);
    const changed = await reactivateUser(ctx.db, id, { actorId: admin.id, address: request.ip });
    await announce(id);
    if (changed) await announceToEveryone(id);
    return findAdminUser(ctx.db, id);
  });

  app.put<ById>('/api/admin/users/:id/admin', async (request): Promise<AdminUser> => {
    const admin = requireAdmin(request);
    const id = userId(request.params);
    const { isAdmin } = parse(AdminRoleSchema, request.body);
    await setAdministrator(ctx.db, id, isAdmin, { actorId: admin.id, address: request.ip });
    await announce(id);
    return findAdminUser(ctx.db, id);
  });

  /** The mail of « Mot de passe oublié », sent by an administrator (SMTP configured only). */
  app.post<ById>('/api/admin/users/:id/password-reset', async (request, reply) => {
    const admin = requireAdmin(request);
    const id = userId(request.params);
    const user = await findUserById(ctx.db, id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    if (!mailer || !ctx.config.smtp) {
      throw new HttpError(
        409,
        'L’envoi de courriels n’est pas configuré sur cette instance (SMTP_URL)',
      );
    }
    if (!user.email) throw new HttpError(409, 'Ce compte n’a pas d’adresse e-mail');
    if (user.deactivatedAt)
      throw new HttpError(409, 'Ce compte est désactivé : réactivez-le d’abord');
    const token = await issueToken(ctx.db, user.id, 'reset_password');
    await mailer.send(
      resetPasswordMail(user.email, `${ctx.config.smtp.publicUrl}/login?reset=${token}`),
    );
    await recordPasswordReset(ctx.db, user, { actorId: admin.id, address: request.ip });
    return reply.status(202).send({ message: 'Lien de réinitialisation envoyé' });
  });
}
