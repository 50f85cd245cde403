import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { EMAIL_MAX } from '#shared/limits';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import {
  createUser,
  findUserByEmail,
  type UserRow,
  updateUserProfile,
} from '../features/users/service';
import { badRequest, HttpError, isUniqueViolation } from '../lib/errors';

import { signIn } from './sign-in';

const FLOW_COOKIE = 'ruche_oidc';
const CALLBACK_PATH = '/api/callback';
/** users.first_name and users.last_name. */
const NAME_MAX = 100;
const DISCOVERY_TIMEOUT_S = 10;

interface Flow {
  verifier: string;
  state: string;
  nonce: string;
}

function origin(request: FastifyRequest, ctx: AppContext): string {
  return ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

type OidcClaims = client.IDToken & client.UserInfoResponse;

/**
 * Exchange the code (checking state, PKCE and nonce) and gather the person's claims. With a
 * code flow, a conforming provider may put the profile and email claims only in the UserInfo
 * response (OIDC Core §5.4), so it is asked too; its subject must match the ID token's.
 */
async function redeemCode(
  config: client.Configuration,
  callbackUrl: URL,
  flow: Flow,
): Promise<OidcClaims> {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error('no ID token');
  if (!config.serverMetadata().userinfo_endpoint) return idToken;
  const userInfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
  return { ...userInfo, ...idToken };
}

/** A string claim that fits its column, else nothing (a provider's data is not ours to cut). */
function claim(value: unknown, max = Number.POSITIVE_INFINITY): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
}

/**
 * Create or update the account behind the provider's claims (issue 2): an existing account is
 * matched by email only when the provider says the email is verified, and an email another
 * account owns is never taken over.
 */
async function upsertOidcUser(
  ctx: AppContext,
  issuer: string,
  claims: OidcClaims,
): Promise<UserRow> {
  try {
    return await upsertOnce(ctx, issuer, claims);
  } catch (err) {
    // Two first sign-ins of one subject at once: the other one created (or linked) the
    // account between our read and our write. Read again: it is this account now.
    if (!isUniqueViolation(err)) throw err;
    return upsertOnce(ctx, issuer, claims);
  }
}

async function upsertOnce(ctx: AppContext, issuer: string, claims: OidcClaims): Promise<UserRow> {
  const email = claim(claims.email, EMAIL_MAX)?.toLowerCase() ?? null;
  const verified = claims.email_verified === true;
  const profile = {
    firstName: claim(claims.given_name, NAME_MAX),
    lastName: claim(claims.family_name, NAME_MAX),
    profileImageUrl: claim(claims.picture),
  };
  const [linked] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, claims.sub)))
    .limit(1);
  const owner = email ? await findUserByEmail(ctx.db, email) : undefined;
  if (linked) {
    // A verified new address is taken up, unless another account already has it.
    const newEmail = email && verified && (!owner || owner.id === linked.id) ? email : linked.email;
    return updateUserProfile(ctx.db, linked.id, { ...profile, email: newEmail });
  }
  if (owner && verified && !owner.oidcSubject) {
    await ctx.db
      .update(users)
      .set({ oidcIssuer: issuer, oidcSubject: claims.sub })
      .where(eq(users.id, owner.id));
    return updateUserProfile(ctx.db, owner.id, { ...profile, email: owner.email });
  }
  // An email that another account already owns is neither taken over nor stored twice.
  return createUser(ctx.db, {
    email: owner ? null : email,
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
        {
          timeout: DISCOVERY_TIMEOUT_S,
          ...(settings.issuer.startsWith('http://')
            ? { execute: [client.allowInsecureRequests] }
            : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in
        app.log.warn({ err: error }, 'OIDC discovery failed');
        throw new HttpError(502, "Le fournisseur d'identité ne répond pas, réessayez plus tard");
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
    let claims: OidcClaims;
    try {
      claims = await redeemCode(config, current, flow);
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC callback refused');
      throw badRequest('La connexion avec le fournisseur a échoué');
    }
    const user = await upsertOidcUser(ctx, config.serverMetadata().issuer, claims);
    await signIn(request, reply, ctx, user.id);
    return reply.redirect('/');
  });
}
