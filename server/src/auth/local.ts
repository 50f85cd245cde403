import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { SignInSchema, SignUpSchema } from '#shared/auth';
import type { AppContext } from '../context';
import { presentSelf } from '../features/users/presenter';
import { createUser, findUserByEmail } from '../features/users/service';
import { conflict, HttpError, isUniqueViolation, parse } from '../lib/errors';
import { signIn } from './sign-in';

const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect';

// Verified against when the email is unknown, so that both cases take the same time.
const decoyHash = argon2.hash('ruche-decoy-password');

/** Built-in accounts (email + password, argon2id), used when no OIDC provider is configured. */
export function registerLocalAuth(app: FastifyInstance, ctx: AppContext): void {
  const rateLimit = {
    max: ctx.config.authRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request: { ip: string }) => `auth:${request.ip}`,
  };

  app.post('/api/auth/register', { config: { rateLimit } }, async (request, reply) => {
    const input = parse(SignUpSchema, request.body);
    if (await findUserByEmail(ctx.db, input.email)) {
      throw conflict('Un compte existe déjà avec cette adresse e-mail');
    }
    const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
    const user = await createUser(ctx.db, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
    }).catch((error: unknown) => {
      // Two sign-ups racing on one email: the unique index decides.
      if (isUniqueViolation(error)) {
        throw conflict('Un compte existe déjà avec cette adresse e-mail');
      }
      throw error;
    });
    await signIn(request, reply, ctx, user.id);
    return reply.status(201).send(presentSelf(user));
  });

  app.post('/api/auth/login', { config: { rateLimit } }, async (request, reply) => {
    const input = parse(SignInSchema, request.body);
    const user = await findUserByEmail(ctx.db, input.email);
    const valid = user?.passwordHash
      ? await argon2.verify(user.passwordHash, input.password)
      : await argon2.verify(await decoyHash, input.password).then(() => false);
    if (!user || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
    await signIn(request, reply, ctx, user.id);
    return presentSelf(user);
  });
}
