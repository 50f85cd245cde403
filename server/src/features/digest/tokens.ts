import { openClaims, sealClaims } from '../../lib/signed-claims';

/**
 * The unsubscribe link's token (RFC 8058 one-click): the person it stops mailing, signed with
 * SESSION_SECRET under a purpose of its own, so it opens nothing else. It lasts a year: an
 * e-mail kept that long still unsubscribes; it only ever turns the e-mail off.
 */
const PURPOSE = 'digest-unsubscribe';
const TTL_MS = 365 * 24 * 3600_000;

export const unsubscribeToken = (secret: string, userId: string) =>
  sealClaims(secret, PURPOSE, { u: userId }, TTL_MS);

export const unsubscribeUrl = (origin: string, secret: string, userId: string) =>
  `${origin}/api/digest/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, userId))}`;

/** The person a token stops mailing, or null when it is not one of ours (or expired). */
export function unsubscribeUserId(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const userId = openClaims(secret, PURPOSE, token)?.u;
  return userId && /^[0-9a-f-]{36}$/i.test(userId) ? userId : null;
}
