import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import {
  createUser,
  findUserByEmail,
  type UserRow,
  updateUserProfile,
} from '../features/users/service';
import { badRequest } from '../lib/errors';
import { signIn } from './sign-in';

const FLOW_COOKIE = 'ruche_oidc';
const CALLBACK_PATH = '/api/callback';

interface Flow {
  verifier: string;
  state: string;
  nonce: string;
}

function origin(request: FastifyRequest, ctx: AppContext): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Create or update the account behind verified ID token claims (issue 2: match by email only when verified). */
async function upsertOidcUser(
  ctx: AppContext,
  issuer: string,
  claims: client.IDToken,
): Promise<UserRow> {
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  const profile = {
    firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
    profileImageUrl: typeof claims.picture === 'string' ? claims.picture : null,
  };
  const [linked] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, claims.sub)))
    .limit(1);
  const verified = claims.email_verified === true;
  if (linked) {
    const keepEmail = !email || !verified ? linked.email : email;
    return updateUserProfile(ctx.db, linked.id, { ...profile, email: keepEmail });
  }
  const byEmail = email ? await findUserByEmail(ctx.db, email) : undefined;
  if (byEmail && verified) {
    await ctx.db
      .update(users)
      .set({ oidcIssuer: issuer, oidcSubject: claims.sub })
      .where(eq(users.id, byEmail.id));
    return updateUserProfile(ctx.db, byEmail.id, { ...profile, email: byEmail.email });
  }
  // An unverified email that another account already owns is not taken over, nor stored.
  return createUser(ctx.db, {
    email: byEmail ? null : email,
    ...profile,
    oidcIssuer: issuer,
    oidcSubject: claims.sub,
  });
}

/** OpenID Connect sign-in: authorization-code flow with PKCE, state and nonce. */
export function registerOidc(app: FastifyInstance, ctx: AppContext): void {
  const settings = ctx.config.oidc;
  if (!settings) return;
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret || undefined,
        undefined,
        settings.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : {},
      )
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in
        throw error;
      });
    return discovered;
  };

  app.get('/api/login', async (request, reply) => {
    const config = await configuration();
    const flow: Flow = {
      verifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${origin(request, ctx)}${CALLBACK_PATH}`,
      scope: settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
      path: CALLBACK_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: origin(request, ctx).startsWith('https://'),
      signed: true,
      maxAge: 600,
    });
    return reply.redirect(url.href);
  });

  app.get(CALLBACK_PATH, async (request, reply) => {
    const raw = request.cookies[FLOW_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) {
      throw badRequest('La connexion a expiré, veuillez réessayer');
    }
    const flow = JSON.parse(unsigned.value) as Flow;
    reply.clearCookie(FLOW_COOKIE, { path: CALLBACK_PATH });
    const config = await configuration();
    const current = new URL(request.url, origin(request, ctx));
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC callback refused');
      throw badRequest('La connexion avec le fournisseur a échoué');
    }
    if (!claims) throw badRequest('La connexion avec le fournisseur a échoué');
    const user = await upsertOidcUser(ctx, config.serverMetadata().issuer, claims);
    await signIn(request, reply, ctx, user.id);
    return reply.redirect('/');
  });
}
