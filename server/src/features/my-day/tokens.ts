import { openClaims, sealClaims } from '../../lib/signed-claims';

/**
 * The unsubscribe link of « Ma journée » by e-mail (RFC 8058 one-click): the person it stops
 * mailing, signed with SESSION_SECRET under a purpose of its own, so it opens nothing else (not
 * even the digest's). It lasts a year and only ever turns this e-mail off.
 */
const PURPOSE = 'my-day-unsubscribe';
const TTL_MS = 365 * 24 * 3600_000;

export const UNSUBSCRIBE_PATH = '/api/me/day/email/unsubscribe';

export const unsubscribeUrl = (origin: string, secret: string, userId: string) =>
  `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(sealClaims(secret, PURPOSE, { u: userId }, TTL_MS))}`;

/** The person a token stops mailing, or null when it is not one of ours (or expired). */
export function unsubscribeUserId(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const userId = openClaims(secret, PURPOSE, token)?.u;
  return userId && /^[0-9a-f-]{36}$/i.test(userId) ? userId : null;
}
