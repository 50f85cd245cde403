import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type AccountDeletion,
  AccountDeletionSchema,
  type AccountExport,
  AdminDeletionSchema,
  type ChannelRetention,
  ChannelRetentionSchema,
  DELETION_LAST_ADMIN,
  DELETION_PASSWORD_REQUIRED,
  DELETION_PASSWORD_WRONG,
  DELETION_RECENT_SIGN_IN,
  EXPORT_NOT_FOUND,
  EXPORT_NOT_READY,
  RECENT_SIGN_IN_MINUTES,
  type RetentionPolicy,
  RetentionPolicySchema,
} from '#shared/privacy';
import { requireAdmin, requireUser } from '../../auth/guard';
import { verifyPassword } from '../../auth/passwords';
import { endUserSessions } from '../../auth/session-end';
import { clearSessionCookie, destroySession, listUserSessions } from '../../auth/sessions';
import { findUserById } from '../../auth/users';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, HttpError, notFound, parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { requireMember } from '../channels/access';
import { isChannelManager } from '../channels/membership';
import { createFileStorage } from '../files/storage';
import {
  cancelOnSignIn,
  eraseDueAccounts,
  findDeletion,
  isErased,
  personGraceMs,
  scheduleErasure,
} from './erasure';
import {
  findExport,
  listExports,
  openExport,
  type PrivacyDeps,
  presentExport,
  requestExport,
  runExports,
} from './exports';
import { runPrivacyJobs, startPrivacyJobs } from './jobs';
import {
  applyRetention,
  getChannelRetention,
  getPolicy,
  setChannelRetention,
  setPolicy,
} from './retention';

const USER_NOT_FOUND = 'Utilisateur introuvable';
/** How long the requesting page's sockets outlive its session (see DELETE /api/account). */
const CURRENT_SOCKET_GRACE_MS = 3000;

declare module 'fastify' {
  interface FastifyInstance {
    privacyJobs?: { run(now?: Date): Promise<void> };
  }
}

/**
 * RGPD self-service and retention (docs/privacy.md): the export of one's data, the erasure of
 * one's account (and an administrator's for anyone), the retention periods; the jobs that
 * make exports, erase accounts whose grace is over, purge expired exports and apply retention.
 */
export function registerPrivacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps: PrivacyDeps = {
    db: ctx.db,
    realtime: ctx.realtime,
    events: ctx.events,
    log: app.log,
    storage: createFileStorage(ctx.config),
    config: ctx.config,
  };
  const jobs = startPrivacyJobs(deps, ctx.config.privacy.jobIntervalMs);
  // One run of every job at a given time: the tests move the clock through it.
  app.decorate('privacyJobs', {
    run: async (now?: Date) => {
      // What this node already started (an export just asked, a retention change) first.
      await jobs.idle();
      await runPrivacyJobs(deps, now);
    },
  });
  app.addHook('onClose', async () => jobs.stop());
  /** Start making waiting exports on this node now (the periodic run catches what this misses). */
  const kickExports = () => jobs.kick(() => runExports(deps));

  ctx.events.on('signedIn', async ({ userId }) => {
    await cancelOnSignIn(deps, userId);
  });

  const exportId = (params: unknown) => idParam((params as { id?: unknown }).id, EXPORT_NOT_FOUND);

  app.post('/api/account/export', async (request, reply): Promise<AccountExport> => {
    const me = requireUser(request);
    const { row, created } = await requestExport(deps, me.id, { id: me.id, address: request.ip });
    if (created) kickExports();
    return reply.status(202).send(presentExport(row));
  });

  app.get('/api/account/exports', async (request): Promise<AccountExport[]> => {
    const me = requireUser(request);
    return (await listExports(ctx.db, me.id)).map(presentExport);
  });

  app.get('/api/account/export/:id', async (request): Promise<AccountExport> => {
    const me = requireUser(request);
    const row = await findExport(ctx.db, exportId(request.params), me.id);
    if (!row) throw notFound(EXPORT_NOT_FOUND);
    return presentExport(row);
  });

  app.get('/api/account/export/:id/download', async (request, reply) => {
    const me = requireUser(request);
    const row = await findExport(ctx.db, exportId(request.params), me.id);
    if (!row) throw notFound(EXPORT_NOT_FOUND);
    if (row.status !== 'ready') throw conflict(EXPORT_NOT_READY);
    const body = await openExport(deps, row);
    if (!body) throw notFound(EXPORT_NOT_FOUND);
    const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="ruche-donnees-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  app.get('/api/account/deletion', async (request): Promise<AccountDeletion> => {
    const me = requireUser(request);
    const row = await findDeletion(deps, me.id);
    return { scheduled: !!row, eraseAfter: row?.eraseAfter.toISOString() ?? null };
  });

  /**
   * « Supprimer mon compte »: the password, or for an account without one a sign-in less
   * than 10 minutes old; then 7 days of grace, signed out everywhere (signing in cancels).
   */
  app.delete('/api/account', async (request, reply): Promise<AccountDeletion> => {
    const me = requireUser(request);
    const input = parse(AccountDeletionSchema, request.body ?? {});
    const row = await findUserById(ctx.db, me.id);
    if (!row) throw notFound(USER_NOT_FOUND);
    if (row.passwordHash) {
      if (!input.password)
        throw badRequest(DELETION_PASSWORD_REQUIRED, { password: [DELETION_PASSWORD_REQUIRED] });
      if (!(await verifyPassword(row.passwordHash, input.password)))
        throw new HttpError(400, DELETION_PASSWORD_WRONG, { password: [DELETION_PASSWORD_WRONG] });
    } else {
      const sessions = await listUserSessions(ctx.db, me.id);
      const current = sessions.find((s) => s.sid === request.sessionId);
      const age = current ? Date.now() - Date.parse(current.createdAt) : Number.POSITIVE_INFINITY;
      if (!(age <= RECENT_SIGN_IN_MINUTES * 60 * 1000)) throw forbidden(DELETION_RECENT_SIGN_IN);
    }
    // The workspace keeps an administrator (as removing the role does: features/admin).
    if (row.isAdmin) {
      const [other] = await ctx.db.execute(sql`select 1 from users
        where is_admin and deactivated_at is null and id <> ${me.id}::uuid limit 1`);
      if (!other) throw conflict(DELETION_LAST_ADMIN);
    }
    const eraseAfter = await scheduleErasure(
      deps,
      me.id,
      { id: me.id, address: request.ip },
      personGraceMs,
    );
    // Signed out everywhere: signing in again is what cancels (docs/privacy.md). The other
    // sessions end with their sockets now; this one's row too, but its sockets a moment later,
    // so that the page that asked reads this answer (and says when) before its socket is
    // closed under it — the page leaves by itself meanwhile.
    await endUserSessions(ctx, me.id, { except: request.sessionId ?? undefined });
    const current = request.sessionId;
    if (current) {
      await destroySession(ctx.db, current);
      setTimeout(() => {
        ctx.realtime.sessionEnded(current).catch((err: unknown) => {
          app.log.warn({ err }, 'socket of an ended session not closed');
        });
      }, CURRENT_SOCKET_GRACE_MS).unref();
    }
    clearSessionCookie(reply, ctx.config);
    return reply.status(202).send({ scheduled: true, eraseAfter: eraseAfter.toISOString() });
  });

  const endAllSessions = (userId: string) => endUserSessions(ctx, userId);

  const targetUser = async (params: unknown) => {
    const id = idParam((params as { id?: unknown }).id, USER_NOT_FOUND);
    const row = await findUserById(ctx.db, id);
    if (!row || (await isErased(deps, id))) throw notFound(USER_NOT_FOUND);
    return row;
  };

  app.post('/api/admin/users/:id/export', async (request, reply): Promise<AccountExport> => {
    const admin = requireAdmin(request);
    const target = await targetUser(request.params);
    const { row, created } = await requestExport(deps, target.id, {
      id: admin.id,
      address: request.ip,
    });
    if (created) kickExports();
    return reply.status(202).send(presentExport(row));
  });

  /**
   * An administrator erases an account: at once by default (the job runs now), or after the
   * same 7 days of grace (`{ "mode": "graced" }`), which the person's sign-in does not cancel.
   */
  app.delete('/api/admin/users/:id', async (request, reply): Promise<AccountDeletion> => {
    const admin = requireAdmin(request);
    const target = await targetUser(request.params);
    const { mode } = parse(AdminDeletionSchema, request.body ?? undefined);
    if (target.id === admin.id)
      throw conflict('Supprimez votre propre compte depuis vos paramètres');
    const eraseAfter = await scheduleErasure(
      deps,
      target.id,
      { id: admin.id, address: request.ip },
      mode === 'immediate' ? 0 : personGraceMs,
    );
    await endAllSessions(target.id);
    if (mode === 'immediate') jobs.kick(() => eraseDueAccounts(deps));
    return reply.status(202).send({ scheduled: true, eraseAfter: eraseAfter.toISOString() });
  });

  app.get('/api/admin/retention', async (request): Promise<RetentionPolicy> => {
    requireAdmin(request);
    return getPolicy(ctx.db);
  });

  app.put('/api/admin/retention', async (request): Promise<RetentionPolicy> => {
    const admin = requireAdmin(request);
    const input = parse(RetentionPolicySchema, request.body);
    const policy = await setPolicy(deps, input, { id: admin.id, address: request.ip });
    jobs.kick(() => applyRetention(deps));
    return policy;
  });

  const channelId = (params: unknown) =>
    idParam((params as { id?: unknown }).id, 'Canal introuvable');

  app.get('/api/channels/:id/retention', async (request): Promise<ChannelRetention> => {
    const me = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, me.id);
    return getChannelRetention(ctx.db, id);
  });

  app.put('/api/channels/:id/retention', async (request): Promise<ChannelRetention> => {
    const me = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, me.id);
    if (!(await isChannelManager(ctx.db, id, me.id)))
      throw forbidden('Seuls les responsables du canal règlent sa conservation');
    const input = parse(ChannelRetentionSchema, request.body);
    const result = await setChannelRetention(deps, id, input.messageDays, {
      id: me.id,
      address: request.ip,
    });
    jobs.kick(() => applyRetention(deps));
    return result;
  });
}
