import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTokens } from './schema';
import { hashToken } from './sessions';

export type TokenKind = 'verify_email' | 'reset_password' | 'app_sign_in';

/** How long a link sent by mail, or the app's sign-in code (app-sign-in.ts), works. */
export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  verify_email: 48 * 3600 * 1000,
  reset_password: 30 * 60 * 1000,
  app_sign_in: 2 * 60 * 1000,
};

/** A new single-use token for a user; only its hash is stored. */
export async function issueToken(db: Db, userId: string, kind: TokenKind): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[kind]),
  });
  return token;
}

const usable = (token: string, kind: TokenKind) =>
  and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.kind, kind),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date()),
  );

/** Whose token this is, if it can still be used; does not use it. */
export async function peekToken(db: Db, token: string, kind: TokenKind): Promise<string | null> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(usable(token, kind))
    .limit(1);
  return row?.userId ?? null;
}

/** Use a token: the user it was for, or null if it is unknown, used or expired. Atomic. */
export async function consumeToken(db: Db, token: string, kind: TokenKind): Promise<string | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, kind))
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

/** Remove the tokens of a kind past their expiry, used or not (they can never be used again). */
export async function sweepExpiredTokens(db: Db, kind: TokenKind): Promise<void> {
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.kind, kind), lt(authTokens.expiresAt, new Date())));
}

/** Whether the user has a verification link still waiting (an account signed up by mail). */
export async function hasPendingVerification(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, 'verify_email'),
        isNull(authTokens.usedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
