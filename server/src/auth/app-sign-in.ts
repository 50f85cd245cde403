import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppSignInSchema } from '#shared/app-sign-in';
import { APP_SIGNED_IN_URL } from '#shared/session-token';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { presentSelf } from '../features/users/presenter';
import { findUserById } from '../features/users/service';
import { badRequest, forbidden, parse } from '../lib/errors';
import { openClaims, sealClaims } from '../lib/signed-claims';
import { signIn, wantsBearerToken } from './sign-in';

/**
 * OpenID Connect from the app (docs/mobile.md, RFC 8252): the system browser goes through the
 * provider as a browser does (oidc.ts), and at the callback the server, instead of setting a
 * cookie in that browser, sends it to `fr.ruche.app://signed-in?code=…`. The code names the
 * user and the S256 challenge of a verifier only the app holds, is signed with SESSION_SECRET
 * and lives two minutes: a code caught on its way to the app is worthless without the
 * verifier (PKCE, RFC 7636).
 */

const CODE_TTL_MS = 2 * 60 * 1000;
const PURPOSE = 'app-sign-in';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The address the system browser is sent to once the provider vouched for `userId`. */
export function appSignedInUrl(config: Config, userId: string, challenge: string): string {
  const code = sealClaims(config.sessionSecret, PURPOSE, { u: userId, c: challenge }, CODE_TTL_MS);
  return `${APP_SIGNED_IN_URL}?code=${encodeURIComponent(code)}`;
}

/** The user a code was issued for, if it is genuine, unexpired and `verifier` is its own. */
export function redeemAppCode(config: Config, code: string, verifier: string): string | null {
  const claims = openClaims(config.sessionSecret, PURPOSE, code);
  if (!claims || claims.c !== s256(verifier)) return null;
  return claims.u ?? null;
}

/** POST /api/auth/app-sign-in {code, verifier}: the app's session token, from its origin only. */
export function registerAppSignIn(app: FastifyInstance, ctx: AppContext): void {
  const rateLimit = { max: ctx.config.authRateLimit, timeWindow: '1 minute' };
  app.post('/api/auth/app-sign-in', { config: { rateLimit } }, async (request, reply) => {
    if (!wantsBearerToken(request, ctx)) {
      throw forbidden("Cette connexion est réservée à l'application mobile");
    }
    const { code, verifier } = parse(AppSignInSchema, request.body);
    const userId = redeemAppCode(ctx.config, code, verifier);
    const user = userId ? await findUserById(ctx.db, userId) : undefined;
    if (!user) throw badRequest('La connexion a expiré, veuillez réessayer');
    await signIn(request, reply, ctx, user.id);
    return presentSelf(user);
  });
}
