import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { EMAIL_MAX } from '#shared/limits';
import { safeNextPath } from '#shared/next-path';
import { APP_CHALLENGE_PARAM, APP_PLATFORM_PARAM } from '#shared/session-token';
import type { AppContext } from '../context';
import { badRequest, HttpError, isUniqueViolation } from '../lib/errors';
import { type AppPlatform, appPlatformRefused, appReturnUrl, appSignedInUrl } from './app-sign-in';
import { createAccount } from './new-account';
import { users } from './schema';
import { signIn } from './sign-in';
import { checkSignup, effectiveSignup } from './signup-policy';
import { findUserByEmail, isWorkspaceEmpty, type UserRow, updateUserProfile } from './users';

const FLOW_COOKIE = 'ruche_oidc';
const CALLBACK_PATH = '/api/callback';
/** users.first_name and users.last_name. */
const NAME_MAX = 100;
const DISCOVERY_TIMEOUT_S = 10;

interface Flow {
  verifier: string;
  state: string;
  nonce: string;
  /** Set when a signed-in person links the provider to their account (settings). */
  link?: string;
  /** An administrator's sign-up link, for a first sign-in when SIGNUP=invite. */
  invitation?: string;
  /** The page of this site to come back to once signed in (safeNextPath). */
  next?: string;
  /** The app's PKCE challenge, when the app started the flow (app-sign-in.ts). */
  app?: string;
  /** The app's platform, as it said: whose verified link brings the code back. */
  appPlatform?: AppPlatform;
}

/**
 * `app_challenge` (and `app_platform`) on GET /api/login: the mobile app starts the flow
 * (app-sign-in.ts).
 */
type AppQuery = { [APP_CHALLENGE_PARAM]?: string; [APP_PLATFORM_PARAM]?: string };

/** Where the person comes back after a flow: the app's pages say what happened. */
const OUTCOME = {
  /** A verified email an account already owns: that account must link it itself. */
  accountExists: '/login?oidc=account-exists',
  linked: '/settings?oidc=linked',
  /** The provider's identity is already another account's. */
  taken: '/settings?oidc=taken',
  /** SIGNUP does not let this person create an account. */
  signupClosed: '/login?oidc=signup-closed',
  /** An administrator deactivated the account (issue 48): it signs in by no method. */
  deactivated: '/login?oidc=deactivated',
} as const;

/** The person's identity as the provider vouches for it. */
interface OidcClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: unknown;
  familyName: unknown;
  picture: unknown;
}

class AccountExistsError extends Error {}

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
  const userInfo = config.serverMetadata().userinfo_endpoint
    ? await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
    : undefined;
  // The email and whether it is verified come from ONE source (docs/security.md, finding 2):
  // the ID token when it has an email, else UserInfo (whose subject openid-client checked).
  const emailSource = typeof idToken.email === 'string' ? idToken : userInfo;
  const profile = { ...userInfo, ...idToken };
  return {
    sub: idToken.sub,
    email: claim(emailSource?.email, EMAIL_MAX)?.toLowerCase() ?? null,
    emailVerified: emailSource?.email_verified === true,
    givenName: profile.given_name,
    familyName: profile.family_name,
    picture: profile.picture,
  };
}

/** A string claim that fits its column, else nothing (a provider's data is not ours to cut). */
function claim(value: unknown, max = Number.POSITIVE_INFINITY): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
}

/**
 * Create or update the account behind the provider's claims. An identity is never linked to
 * an existing account by email (docs/security.md, finding 2): anyone can open a local account
 * with someone else's address, so the person must link from their own signed-in session.
 */
async function upsertOidcUser(
  ctx: AppContext,
  issuer: string,
  claims: OidcClaims,
  invitation: string | undefined,
): Promise<UserRow> {
  try {
    return await upsertOnce(ctx, issuer, claims, invitation);
  } catch (err) {
    // Two first sign-ins of one subject at once: the other one created the account between
    // our read and our write. Read again: it is this account now.
    if (!isUniqueViolation(err)) throw err;
    return upsertOnce(ctx, issuer, claims, invitation);
  }
}

function profileOf(claims: OidcClaims) {
  return {
    firstName: claim(claims.givenName, NAME_MAX),
    lastName: claim(claims.familyName, NAME_MAX),
    profileImageUrl: claim(claims.picture),
  };
}

async function findLinked(ctx: AppContext, issuer: string, sub: string) {
  const [linked] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, sub)))
    .limit(1);
  return linked;
}

async function upsertOnce(
  ctx: AppContext,
  issuer: string,
  claims: OidcClaims,
  invitation: string | undefined,
): Promise<UserRow> {
  const { email, emailVerified } = claims;
  const linked = await findLinked(ctx, issuer, claims.sub);
  const owner = email ? await findUserByEmail(ctx.db, email) : undefined;
  if (linked) {
    // A verified new address is taken up, unless another account already has it.
    const newEmail =
      email && emailVerified && (!owner || owner.id === linked.id) ? email : linked.email;
    return updateUserProfile(ctx.db, linked.id, { ...profileOf(claims), email: newEmail });
  }
  if (owner && emailVerified) {
    // Both sides proved the address (the owner by a link sent by mail): the same person.
    if (owner.emailVerifiedAt && !owner.oidcSubject) {
      await linkIdentity(ctx, owner.id, issuer, claims);
      return updateUserProfile(ctx.db, owner.id, { ...profileOf(claims), email: owner.email });
    }
    // An account has this address and never proved it: its owner signs in to it and links
    // the provider there (or it is someone who squatted the address).
    throw new AccountExistsError();
  }
  const firstAccount = await isWorkspaceEmpty(ctx.db);
  const signup = checkSignup(
    await effectiveSignup(ctx.db, ctx.config),
    { email, emailVerified, inviteToken: invitation },
    firstAccount,
  );
  // An unverified email that another account owns is neither taken over nor stored twice.
  return createAccount(
    ctx,
    {
      email: owner ? null : email,
      ...profileOf(claims),
      oidcIssuer: issuer,
      oidcSubject: claims.sub,
      emailVerifiedAt: email && !owner && emailVerified ? new Date() : null,
      isAdmin: firstAccount,
    },
    signup.within,
  );
}

/** Link the provider's identity to the signed-in account that started the flow. */
async function linkIdentity(
  ctx: AppContext,
  userId: string,
  issuer: string,
  claims: OidcClaims,
): Promise<'linked' | 'taken'> {
  const linked = await findLinked(ctx, issuer, claims.sub);
  if (linked) return linked.id === userId ? 'linked' : 'taken';
  try {
    await ctx.db
      .update(users)
      .set({ oidcIssuer: issuer, oidcSubject: claims.sub })
      .where(eq(users.id, userId));
    return 'linked';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
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
        throw new HttpError(502, 'Le fournisseur d’identité ne répond pas, réessayez plus tard');
      });
    return discovered;
  };

  // From configuration, never from the request's Host header (docs/security.md, finding 2).
  const publicUrl = settings.publicUrl;
  const redirectUri = `${publicUrl}${CALLBACK_PATH}`;

  app.get<{ Querystring: { link?: string; invitation?: string; next?: string } & AppQuery }>(
    '/api/login',
    async (request, reply) => {
      const config = await configuration();
      const flow: Flow = {
        verifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
        ...(request.query.link === '1' && request.user ? { link: request.user.id } : {}),
        ...(typeof request.query.invitation === 'string' && request.query.invitation.length <= 100
          ? { invitation: request.query.invitation }
          : {}),
      };
      const next = safeNextPath(request.query.next);
      if (next) flow.next = next;
      const appChallenge = request.query[APP_CHALLENGE_PARAM];
      if (appChallenge !== undefined) {
        if (!/^[A-Za-z0-9_-]{43}$/.test(appChallenge)) throw badRequest('Défi PKCE invalide');
        flow.app = appChallenge;
        const platform = request.query[APP_PLATFORM_PARAM];
        // Refused before the provider: the code could go to no link but the custom scheme,
        // which any app may claim, while a verified one exists (app-sign-in.ts).
        if (appReturnUrl(ctx.config, platform) === null) throw appPlatformRefused();
        if (platform === 'android' || platform === 'ios') flow.appPlatform = platform;
      }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
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
        secure: publicUrl.startsWith('https://'),
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url.href);
    },
  );

  app.get(CALLBACK_PATH, async (request, reply) => {
    const raw = request.cookies[FLOW_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) {
      throw badRequest('La connexion a expiré, veuillez réessayer');
    }
    const flow = JSON.parse(unsigned.value) as Flow;
    reply.clearCookie(FLOW_COOKIE, { path: CALLBACK_PATH });
    const config = await configuration();
    const current = new URL(request.url, publicUrl);
    let claims: OidcClaims;
    try {
      claims = await redeemCode(config, current, flow);
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC callback refused');
      throw badRequest('La connexion avec le fournisseur a échoué');
    }
    const issuer = config.serverMetadata().issuer;
    if (flow.link) {
      // Only the account that started the link, still signed in in this browser.
      if (request.user?.id !== flow.link)
        throw badRequest('La connexion a expiré, veuillez réessayer');
      const outcome = await linkIdentity(ctx, flow.link, issuer, claims);
      return reply.redirect(OUTCOME[outcome]);
    }
    let user: UserRow;
    try {
      user = await upsertOidcUser(ctx, issuer, claims, flow.invitation);
    } catch (error) {
      if (error instanceof AccountExistsError) return reply.redirect(OUTCOME.accountExists);
      if (error instanceof HttpError && error.statusCode === 403) {
        return reply.redirect(OUTCOME.signupClosed);
      }
      throw error;
    }
    if (user.deactivatedAt) return reply.redirect(OUTCOME.deactivated);
    // The app's flow: back to the app with a code, the system browser left signed out.
    if (flow.app) {
      const app = { challenge: flow.app, platform: flow.appPlatform };
      return reply.redirect(await appSignedInUrl(ctx.db, ctx.config, user.id, app));
    }
    await signIn(request, reply, ctx, user.id);
    return reply.redirect(safeNextPath(flow.next) ?? '/');
  });
}
