import type { FastifyInstance } from 'fastify';
import {
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
  SignInSchema,
  SignUpSchema,
} from '#shared/auth';
import { safeNextPath } from '#shared/next-path';
import type { AppContext } from '../context';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  isUniqueViolation,
  parse,
} from '../lib/errors';
import { isUnclaimed } from './claim';
import { addressKey, LoginThrottle } from './login-throttle';
import { accountExistsMail, resetPasswordMail, verifyEmailMail } from './mail-templates';
import { createMailer } from './mailer';
import { createAccount } from './new-account';
import { passwordWeakness } from './password-strength';
import { hashPassword, verifyPassword } from './passwords';
import { endUserSessions } from './session-end';
import { signIn } from './sign-in';
import { checkSignup, effectiveSignup } from './signup-policy';
import { consumeToken, hasPendingVerification, issueToken, peekToken } from './tokens';
import { presentSelf } from './user-presenter';
import {
  findUserByEmail,
  findUserById,
  isWorkspaceEmpty,
  markEmailVerified,
  setPasswordHash,
} from './users';

const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect';
const EMAIL_TAKEN = 'Un compte existe déjà avec cette adresse e-mail';
const LINK_INVALID = 'Ce lien n’est plus valable : demandez-en un nouveau';
/** With mail, sign-up answers the same whether or not the address has an account. */
const CHECK_YOUR_MAIL = {
  verificationSent: true,
  message: 'Vérifiez votre boîte mail : un lien de confirmation vous a été envoyé.',
};

/** Built-in accounts (email + password, argon2id), used when no OIDC provider is configured. */
export function registerLocalAuth(app: FastifyInstance, ctx: AppContext): void {
  const cost = ctx.config.passwordHashCost;
  // Verified against when the email is unknown, so that both cases take the same time.
  const decoyHash = hashPassword('ruche-decoy-password', cost);
  const rateLimit = {
    max: ctx.config.authRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request: { ip: string }) => `auth:${addressKey(request.ip)}`,
  };
  const throttle = new LoginThrottle(ctx.redis, ctx.config.redisPrefix);
  const mailer = createMailer(ctx.config, { redis: ctx.redis, log: app.log });
  if (mailer) app.addHook('onClose', async () => mailer.close());
  const link = (path: string) => `${ctx.config.smtp?.publicUrl}${path}`;
  // The page the person was going to (an invite link, say) travels in the mailed link.
  const sendVerification = async (userId: string, email: string, next?: string) => {
    const token = await issueToken(ctx.db, userId, 'verify_email');
    const then = safeNextPath(next);
    const query = then ? `&next=${encodeURIComponent(then)}` : '';
    await mailer?.send(
      verifyEmailMail(email, link(`/api/auth/verify-email?token=${token}${query}`)),
    );
  };

  app.post('/api/auth/register', { config: { rateLimit } }, async (request, reply) => {
    const input = parse(SignUpSchema, request.body);
    const related = [input.email, input.firstName ?? null, input.lastName ?? null];
    const weakness = passwordWeakness(input.password, related);
    if (weakness) throw badRequest(weakness, { password: [weakness] });
    const firstAccount = await isWorkspaceEmpty(ctx.db);
    // The address is the person's own word until they confirm it: a domain rule takes it
    // as given only where a mail will prove it (or where nothing could anyway).
    const signup = checkSignup(
      await effectiveSignup(ctx.db, ctx.config),
      { ...input, emailVerified: true },
      firstAccount,
    );
    const existing = await findUserByEmail(ctx.db, input.email);
    if (existing && isUnclaimed(existing)) {
      // An imported account (claim.ts): the mail's reset link proves the address; without
      // mail the sign-up is taken at its word, as every sign-up is then.
      if (mailer && existing.email) {
        const token = await issueToken(ctx.db, existing.id, 'reset_password');
        await mailer.send(resetPasswordMail(existing.email, link(`/login?reset=${token}`)));
        return reply.status(202).send(CHECK_YOUR_MAIL);
      }
      await setPasswordHash(ctx.db, existing.id, await hashPassword(input.password, cost));
      await signIn(request, reply, ctx, existing.id);
      const claimed = await findUserById(ctx.db, existing.id);
      return reply.status(201).send(presentSelf(claimed ?? existing));
    }
    if (existing) {
      if (!mailer) throw conflict(EMAIL_TAKEN);
      await mailer.send(accountExistsMail(input.email, link('/login')));
      return reply.status(202).send(CHECK_YOUR_MAIL);
    }
    const passwordHash = await hashPassword(input.password, cost);
    const user = await createAccount(
      ctx,
      {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        isAdmin: firstAccount,
      },
      signup.within,
    ).catch((error: unknown) => {
      // Two sign-ups racing on one email: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    });
    if (mailer) {
      await sendVerification(user.id, input.email, input.next);
      return reply.status(202).send(CHECK_YOUR_MAIL);
    }
    await signIn(request, reply, ctx, user.id);
    return reply.status(201).send(presentSelf(user));
  });

  app.post('/api/auth/login', { config: { rateLimit } }, async (request, reply) => {
    const input = parse(SignInSchema, request.body);
    const wait = await throttle.retryAfter(input.email);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      reply.header('Retry-After', String(seconds));
      throw new HttpError(
        429,
        `Trop de tentatives pour ce compte : réessayez dans ${seconds} secondes`,
      );
    }
    const user = await findUserByEmail(ctx.db, input.email);
    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyPassword(await decoyHash, input.password).then(() => false);
    if (!user || !valid) {
      await throttle.failed(input.email);
      throw new HttpError(401, WRONG_CREDENTIALS);
    }
    await throttle.succeeded(input.email);
    // An account signed up by mail opens once its address is confirmed; a fresh link goes.
    if (mailer && !user.emailVerifiedAt && (await hasPendingVerification(ctx.db, user.id))) {
      await sendVerification(user.id, input.email);
      throw forbidden(
        'Confirmez d’abord votre adresse e-mail : nous venons de vous renvoyer le lien de confirmation.',
      );
    }
    await signIn(request, reply, ctx, user.id);
    return presentSelf(user);
  });

  if (!mailer) return;

  // The link in the confirmation mail: a top-level navigation that signs the person in.
  app.get<{ Querystring: { token?: string; next?: string } }>(
    '/api/auth/verify-email',
    async (request, reply) => {
      const userId = request.query.token
        ? await consumeToken(ctx.db, request.query.token, 'verify_email')
        : null;
      if (!userId) return reply.redirect('/login?verification=invalid');
      await markEmailVerified(ctx.db, userId);
      await signIn(request, reply, ctx, userId);
      return reply.redirect(safeNextPath(request.query.next) ?? '/');
    },
  );

  // Answers alike whether or not the address has an account (no account discovery).
  app.post('/api/auth/password-reset', { config: { rateLimit } }, async (request, reply) => {
    const { email } = parse(PasswordResetRequestSchema, request.body);
    const user = await findUserByEmail(ctx.db, email);
    if (user?.email) {
      const token = await issueToken(ctx.db, user.id, 'reset_password');
      await mailer.send(resetPasswordMail(user.email, link(`/login?reset=${token}`)));
    }
    return reply.status(202).send({
      message:
        'Si un compte utilise cette adresse, un lien de réinitialisation vient de lui être envoyé.',
    });
  });

  app.post(
    '/api/auth/password-reset/confirm',
    { config: { rateLimit } },
    async (request, reply) => {
      const input = parse(PasswordResetConfirmSchema, request.body);
      const owner = await peekToken(ctx.db, input.token, 'reset_password');
      const user = owner ? await findUserById(ctx.db, owner) : undefined;
      if (!user) throw badRequest(LINK_INVALID, { token: [LINK_INVALID] });
      const weakness = passwordWeakness(input.newPassword, [
        user.email,
        user.firstName,
        user.lastName,
      ]);
      if (weakness) throw badRequest(weakness, { newPassword: [weakness] });
      // Used once: a second request with the same link finds it used.
      if (!(await consumeToken(ctx.db, input.token, 'reset_password'))) {
        throw badRequest(LINK_INVALID, { token: [LINK_INVALID] });
      }
      await setPasswordHash(ctx.db, user.id, await hashPassword(input.newPassword, cost));
      // The mail proved the address; whoever was signed in with the old password is not.
      await markEmailVerified(ctx.db, user.id);
      await endUserSessions(ctx, user.id);
      return reply.status(204).send();
    },
  );
}
