import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ConnectionRow } from './presenter';
import { TokenRejectedError } from './providers/http';
import type { CalendarProvider } from './providers/provider';
import { calendarConnections } from './schema';
import { decryptToken, encryptToken } from './token-crypto';

/** Refresh a minute early, so a token does not expire between the check and the call. */
const EARLY_MS = 60_000;

interface TokenDeps {
  db: Db;
  calendar: Config['calendar'];
}

async function refresh(deps: TokenDeps, row: ConnectionRow, provider: CalendarProvider) {
  const key = deps.calendar.tokenKey;
  if (!row.refreshTokenEnc) throw new Error('calendar connection without a refresh token');
  const tokens = await provider.refresh(decryptToken(key, row.refreshTokenEnc, row.id));
  const set = {
    accessTokenEnc: encryptToken(key, tokens.accessToken, row.id),
    tokenExpiresAt: tokens.expiresAt,
    // Microsoft rotates refresh tokens; Google keeps the first one.
    ...(tokens.refreshToken
      ? { refreshTokenEnc: encryptToken(key, tokens.refreshToken, row.id) }
      : {}),
  };
  await deps.db.update(calendarConnections).set(set).where(eq(calendarConnections.id, row.id));
  Object.assign(row, set);
  return tokens.accessToken;
}

/**
 * Call the provider with a valid access token: refreshed first when it has expired, and
 * once more when the provider answers 401 anyway (revoked early, clock skew).
 */
export async function withAccessToken<T>(
  deps: TokenDeps,
  row: ConnectionRow,
  provider: CalendarProvider,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const fresh =
    row.accessTokenEnc &&
    row.tokenExpiresAt &&
    row.tokenExpiresAt.getTime() > Date.now() + EARLY_MS;
  const token = fresh
    ? decryptToken(deps.calendar.tokenKey, row.accessTokenEnc!, row.id)
    : await refresh(deps, row, provider);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof TokenRejectedError)) throw error;
    return call(await refresh(deps, row, provider));
  }
}
