import type { FastifyInstance } from 'fastify';
import { UAParser } from 'ua-parser-js';
import { PasswordChangeSchema, type SessionInfo } from '#shared/auth';
import type { AppContext } from '../context';
import { badRequest, HttpError, notFound, parse } from '../lib/errors';
import { requireUser } from './guard';
import { passwordWeakness } from './password-strength';
import { hashPassword, verifyPassword } from './passwords';
import { endUserSessions } from './session-end';
import { listUserSessions, type SessionSummary } from './sessions';
import { findUserById, setPasswordHash } from './users';

/** "Chrome sur Linux", from a user agent; null when there is nothing to say. */
function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = UAParser(userAgent);
  if (browser.name && os.name) return `${browser.name} sur ${os.name}`;
  return browser.name ?? os.name ?? userAgent.slice(0, 60);
}

function presentSession(session: SessionSummary, currentSid: string | null): SessionInfo {
  return {
    id: session.id,
    device: describeDevice(session.userAgent),
    createdAt: session.createdAt,
    lastUsedAt: session.lastUsedAt,
    current: session.sid === currentSid,
  };
}

/**
 * A person's own account: change the password, see and end sessions. Every session ended
 * here closes its sockets on every node (docs/security.md, findings 4 and 7).
 */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/auth/password', async (request, reply) => {
    const me = requireUser(request);
    const input = parse(PasswordChangeSchema, request.body);
    const row = await findUserById(ctx.db, me.id);
    if (!row?.passwordHash) {
      throw badRequest(
        'Ce compte se connecte par l’authentification unique : il n’a pas de mot de passe',
      );
    }
    if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
      throw new HttpError(400, 'Le mot de passe actuel est incorrect', {
        currentPassword: ['Le mot de passe actuel est incorrect'],
      });
    }
    const weakness = passwordWeakness(input.newPassword, [row.email, row.firstName, row.lastName]);
    if (weakness) throw badRequest(weakness, { newPassword: [weakness] });
    const hash = await hashPassword(input.newPassword, ctx.config.passwordHashCost);
    await setPasswordHash(ctx.db, me.id, hash);
    // Whoever knew the old password is signed out everywhere but here.
    await endUserSessions(ctx, me.id, { except: request.sessionId ?? undefined });
    return reply.status(204).send();
  });

  app.get('/api/auth/sessions', async (request): Promise<SessionInfo[]> => {
    const me = requireUser(request);
    const sessions = await listUserSessions(ctx.db, me.id);
    return sessions.map((s) => presentSession(s, request.sessionId));
  });

  app.delete<{ Params: { id: string } }>('/api/auth/sessions/:id', async (request, reply) => {
    const me = requireUser(request);
    const sessions = await listUserSessions(ctx.db, me.id);
    const target = sessions.find((s) => s.id === request.params.id);
    if (!target) throw notFound('Session introuvable');
    await endUserSessions(ctx, me.id, { only: target.sid });
    return reply.status(204).send();
  });

  app.post('/api/auth/sessions/end-others', async (request) => {
    const me = requireUser(request);
    const ended = await endUserSessions(ctx, me.id, { except: request.sessionId ?? undefined });
    return { ended };
  });
}
