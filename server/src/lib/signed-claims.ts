import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived claims the server hands out and takes back without storing them: base64url JSON
 * with an expiry, `payload.signature`, signed with SESSION_SECRET under a purpose of its own
 * (so that one kind can never pass for another). Used for the app's sign-in code and a file's
 * download ticket (docs/mobile.md).
 */

type Claims = Record<string, string>;

const sign = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');

export function sealClaims(secret: string, purpose: string, claims: Claims, ttlMs: number): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, e: Date.now() + ttlMs })).toString(
    'base64url',
  );
  return `${payload}.${sign(secret, purpose, payload)}`;
}

/** The claims `sealed` carries if it is genuine, of `purpose` and unexpired; else null. */
export function openClaims(
  secret: string,
  purpose: string,
  sealed: string,
): Partial<Claims> | null {
  const [payload, signature, extra] = sealed.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, purpose, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { e, ...rest } = claims as { e?: unknown };
  if (typeof e !== 'number' || e < Date.now()) return null;
  return Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
