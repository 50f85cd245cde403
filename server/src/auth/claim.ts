import type { UserRow } from './users';

/**
 * An account nobody can sign in to yet: no password and no OpenID Connect identity — what
 * `npm run admin -- import` makes for a person of the export who has no account here
 * (docs/operations.md, "Importing from Slack or Mattermost"). Its owner claims it, with its
 * history, by proving the address: a password reset link, a sign-up (by mail when SMTP is
 * configured, which sends that link; at once otherwise, as any sign-up without mail), or an
 * OpenID Connect sign-in with that verified address (oidc.ts: the import marked it proved).
 */
export const isUnclaimed = (
  user: Pick<UserRow, 'passwordHash' | 'oidcSubject' | 'deactivatedAt'>,
) => !user.passwordHash && !user.oidcSubject && !user.deactivatedAt;
