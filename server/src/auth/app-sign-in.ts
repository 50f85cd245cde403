import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { APP_SIGNED_IN_PATH } from '#shared/app-links';
import { AppSignInSchema } from '#shared/app-sign-in';
import { APP_SIGNED_IN_URL } from '#shared/session-token';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { badRequest, forbidden, parse } from '../lib/errors';
import { openClaims, sealClaims } from '../lib/signed-claims';
import { signIn, wantsBearerToken } from './sign-in';
import { consumeToken, issueToken, sweepExpiredTokens, TOKEN_TTL_MS } from './tokens';
import { presentSelf } from './user-presenter';
import { findUserById } from './users';

/**
 * OpenID Connect from the app (docs/mobile.md, RFC 8252): the system browser goes through the
 * provider as a browser does (oidc.ts), and at the callback the server, instead of setting a
 * cookie in that browser, sends it back to the app with a code: on the server's verified
 * https link (`<PUBLIC_URL>/app/signed-in`, App Links and Universal Links) when one is
 * configured for the app's platform, or on the custom scheme `fr.ruche.app://signed-in`,
 * which any installed app can claim, only when no platform has a verified link. The code names the user and the S256 challenge of a
 * verifier only the app holds, is signed with SESSION_SECRET, lives two minutes and is
 * redeemed once (its id is a single-use token in the store, so on any node): a code caught
 * on its way to the app is worthless without the verifier (PKCE, RFC 7636), and a code
 * already redeemed is worthless.
 */

const PURPOSE = 'app-sign-in';

/** The platform the app says it runs on: whose verified link can bring the code back to it. */
export type AppPlatform = 'android' | 'ios';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The platforms the phone can verify this server for: none unless PUBLIC_URL is https. */
function verifiedPlatforms({ publicUrl, appLinks }: Config): AppPlatform[] {
  if (!publicUrl?.startsWith('https://')) return [];
  return [
    ...(appLinks.android !== undefined ? (['android'] as const) : []),
    ...(appLinks.iosAppIds.length > 0 ? (['ios'] as const) : []),
  ];
}

/**
 * Where the code goes: the verified https link of the app's platform, when PUBLIC_URL is
 * https and the phone can verify this server for it (assetlinks.json for Android, the
 * apple-app-site-association file for iOS: lib/app-links.ts). The custom scheme only when
 * no platform has one: once one has, a flow that names no verified platform could be any
 * app claiming the scheme with its own PKCE pair, so it gets no code (null) — docs/mobile.md,
 * "OpenID Connect".
 */
export function appReturnUrl(config: Config, platform: string | undefined): string | null {
  const verified = verifiedPlatforms(config);
  if (verified.length === 0) return APP_SIGNED_IN_URL;
  const named = verified.find((p) => p === platform);
  return named ? `${config.publicUrl}${APP_SIGNED_IN_PATH}` : null;
}

/** The 400 of a flow whose code could go to no verified link. */
export const appPlatformRefused = () =>
  badRequest(
    'Connexion depuis l’application refusée : sa plateforme (app_platform) n’est pas configurée sur ce serveur',
  );

/** The address the system browser is sent to once the provider vouched for `userId`. */
export async function appSignedInUrl(
  db: Db,
  config: Config,
  userId: string,
  app: { challenge: string; platform?: AppPlatform | undefined },
): Promise<string> {
  // Checked at /api/login too; again here, where the code is made (settings may change).
  const returnUrl = appReturnUrl(config, app.platform);
  if (!returnUrl) throw appPlatformRefused();
  // Codes past their two minutes can never be redeemed: they go as new ones are made.
  await sweepExpiredTokens(db, 'app_sign_in');
  const id = await issueToken(db, userId, 'app_sign_in');
  const claims = { u: userId, c: app.challenge, i: id };
  const code = sealClaims(config.sessionSecret, PURPOSE, claims, TOKEN_TTL_MS.app_sign_in);
  return `${returnUrl}?code=${encodeURIComponent(code)}`;
}

/**
 * The user a code was issued for, if it is genuine, unexpired, `verifier` is its own and it
 * was not redeemed before; it is then spent. A wrong verifier spends nothing.
 */
export async function redeemAppCode(
  db: Db,
  config: Config,
  code: string,
  verifier: string,
): Promise<string | null> {
  const claims = openClaims(config.sessionSecret, PURPOSE, code);
  if (!claims?.u || !claims.i || claims.c !== s256(verifier)) return null;
  const userId = await consumeToken(db, claims.i, 'app_sign_in');
  return userId === claims.u ? userId : null;
}

/** POST /api/auth/app-sign-in {code, verifier}: the app's session token, from its origin only. */
export function registerAppSignIn(app: FastifyInstance, ctx: AppContext): void {
  const rateLimit = { max: ctx.config.authRateLimit, timeWindow: '1 minute' };
  app.post('/api/auth/app-sign-in', { config: { rateLimit } }, async (request, reply) => {
    if (!wantsBearerToken(request, ctx)) {
      throw forbidden('Cette connexion est réservée à l’application mobile');
    }
    const { code, verifier } = parse(AppSignInSchema, request.body);
    const userId = await redeemAppCode(ctx.db, ctx.config, code, verifier);
    const user = userId ? await findUserById(ctx.db, userId) : undefined;
    if (!user) throw badRequest('La connexion a expiré, veuillez réessayer');
    await signIn(request, reply, ctx, user.id);
    return presentSelf(user);
  });
}
