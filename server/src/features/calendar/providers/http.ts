import { setTimeout as sleep } from 'node:timers/promises';

/** The provider refused the access token (expired or revoked): refresh, then try once more. */
export class TokenRejectedError extends Error {}
/** The refresh token no longer works (revoked, expired): the user must connect again. */
export class GrantRevokedError extends Error {}
/** The sync token or delta link is no longer valid (Google 410, Graph 410): sync from scratch. */
export class CursorGoneError extends Error {}
/** Still throttled after the retries (429): the caller answers 429 with the wait. */
export class ThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('provider throttled');
  }
}
/** Any other failure of the provider (5xx, bad answer). */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`provider answered ${status}: ${detail.slice(0, 300)}`);
  }
}

const MAX_RETRIES = 3;
/** The longest Retry-After honoured in a request; beyond it the sync gives up for now. */
const MAX_WAIT_SECONDS = 30;

function retryAfterSeconds(res: Response): number {
  const header = res.headers.get('retry-after');
  if (!header) return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1 : Math.max(0, (at - Date.now()) / 1000);
}

/**
 * One call to a provider's API with a bearer token: 429 waits for Retry-After (both Google
 * and Graph send it) and tries again, 401 and 410 become typed errors for the sync to act on.
 */
export async function apiCall<T>(
  url: string,
  token: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** A DELETE: 404 and 410 say the event is already gone, which is what was asked. */
    goneIsDone?: boolean;
  } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (res.status === 429) {
      const wait = retryAfterSeconds(res);
      if (attempt >= MAX_RETRIES || wait > MAX_WAIT_SECONDS)
        throw new ThrottledError(Math.ceil(wait));
      await res.body?.cancel();
      await sleep(wait * 1000);
      continue;
    }
    if (res.status === 401) throw new TokenRejectedError(await res.text());
    if (init.goneIsDone && (res.status === 404 || res.status === 410)) {
      await res.body?.cancel();
      return undefined as T;
    }
    if (res.status === 410) throw new CursorGoneError(await res.text());
    if (!res.ok) throw new ProviderError(res.status, await res.text());
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }
}

export interface TokenSet {
  accessToken: string;
  /** Google sends a new one only at consent; Microsoft with every refresh. */
  refreshToken: string | undefined;
  expiresAt: Date;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/** POST to an OAuth 2.0 token endpoint (RFC 6749 §4.1.3 and §6), form-encoded. */
export async function tokenRequest(url: string, form: Record<string, string>): Promise<TokenSet> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
  });
  const body = (await res.json().catch(() => ({}))) as TokenAnswer;
  if (!res.ok || !body.access_token) {
    if (body.error === 'invalid_grant') throw new GrantRevokedError(body.error_description ?? '');
    throw new ProviderError(res.status, body.error ?? 'no access token');
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(Date.now() + (body.expires_in ?? 3600) * 1000),
  };
}

/**
 * The two grants both providers take at their token endpoint, the same way (OAuth 2.0 with
 * PKCE, client secret in the form): a code for tokens, and a refresh.
 */
export function oauthGrants(config: { tokenUrl: string; clientId: string; clientSecret: string }) {
  const client = { client_id: config.clientId, client_secret: config.clientSecret };
  return {
    exchangeCode: (input: { code: string; redirectUri: string; codeVerifier: string }) =>
      tokenRequest(config.tokenUrl, {
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
        ...client,
      }),
    refresh: (refreshToken: string) =>
      tokenRequest(config.tokenUrl, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        ...client,
      }),
  };
}
