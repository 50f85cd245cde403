import type { ApiErrorBody } from '#shared/auth';
import { NOT_PROCESSED_HEADER, OVERLOAD_RETRIES } from '#shared/limits';
import { forgetSessionToken, keepIssuedToken, sessionHeaders } from './session-token';

/**
 * docs/product.md §7: the native shell prefixes a fixed remote origin; the browser stays same-origin.
 * VITE_SERVER_ORIGIN is set only when building the Capacitor app (docs/mobile.md): every call
 * and the socket (socket-context.tsx) go there.
 */
export const API_ORIGIN: string = import.meta.env.VITE_SERVER_ORIGIN ?? '';

/**
 * docs/product.md §8: a failed call's message is "<status>: <body text or status text>". A
 * refusal for now (503) says when to try again: `retryAfterMs`, from Retry-After (HTTP) or
 * the socket's `message_rejected`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    text: string,
    readonly retryAfterMs?: number,
  ) {
    super(`${status}: ${text}`);
  }

  /** The server's own French message, when it gave one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

export const isUnauthorized = (error: unknown): boolean =>
  error instanceof ApiError
    ? error.status === 401
    : /^401: /.test(String((error as Error)?.message));

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: ApiErrorBody | null = null;
  try {
    body = JSON.parse(text) as ApiErrorBody;
  } catch {
    body = null;
  }
  const retryAfter = Number(res.headers.get('Retry-After'));
  const retryAfterMs = retryAfter > 0 ? retryAfter * 1000 : undefined;
  throw new ApiError(res.status, body, text, retryAfterMs);
}

/**
 * Waits `ms` before a retry, shown meanwhile as waiting on an overloaded server (the app's
 * banner). The notice loads with the first overloaded answer, not with the entry (the landing
 * page shows no banner; signed in, the socket has loaded it already). Should it not load, the
 * wait happens all the same.
 */
async function waitOverloaded(ms: number): Promise<void> {
  const notice = await import('./overload-notice').then(
    (module) => module.overloadNotice,
    () => null,
  );
  if (notice) await notice.wait(ms);
  else await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The wait before sending again a request the server refused as overloaded (503), or
 * undefined when it must not be re-sent: only a read, or a write the server says it did not
 * start (docs/scaling.md, "Overload"). Retry-After plus up to half again, at random, so that
 * the refused clients do not all come back at once.
 */
export function overloadRetryMs(
  method: string,
  res: Response,
  attempt: number,
): number | undefined {
  if (res.status !== 503 || attempt > OVERLOAD_RETRIES) return undefined;
  const safe = method === 'GET' || res.headers.get(NOT_PROCESSED_HEADER) === '1';
  if (!safe) return undefined;
  const seconds = Number(res.headers.get('Retry-After'));
  const base = (Number.isFinite(seconds) && seconds > 0 ? seconds : 2) * 1000 * attempt;
  return Math.round(base * (1 + Math.random() / 2));
}

/** Every call sends credentials; a JSON content type only when there is a body (docs/product.md §7). */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const isForm = body instanceof FormData;
  let res: Response;
  for (let attempt = 1; ; attempt++) {
    res = await fetch(`${API_ORIGIN}${path}`, {
      method,
      credentials: 'include',
      headers: {
        ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...sessionHeaders(),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    // A sign-in from the app answers with its session token (docs/mobile.md).
    await keepIssuedToken(res.headers);
    const waitMs = overloadRetryMs(method, res, attempt);
    if (waitMs === undefined) break;
    await waitOverloaded(waitMs);
  }
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);

/**
 * GET that answers null on 401 instead of throwing: for "am I signed in?" only. `asked`: the
 * same request, already sent.
 */
export async function apiGetOrNullOn401<T>(
  path: string,
  asked?: Promise<Response>,
): Promise<T | null> {
  const res = await (asked ??
    fetch(`${API_ORIGIN}${path}`, {
      credentials: 'include',
      headers: sessionHeaders(),
    }));
  if (res.status === 401) {
    // The app's token, if any, names a session that is over (expired or revoked).
    await forgetSessionToken();
    return null;
  }
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

let signingOut = false;

/**
 * Signing out (features/auth/navigation.ts): the page is on its way to `/`, and the session's
 * end it sees meanwhile (the socket's 4401, a 401) must not send it to the sign-in page instead.
 */
export function markSigningOut(): void {
  signingOut = true;
}

/**
 * Full-page navigation to the sign-in route (docs/product.md §2: external path /api/login),
 * with the page to come back to once signed in (the server keeps only a path of this site).
 */
export function goToLogin(next?: string, { signUp = false }: { signUp?: boolean } = {}): void {
  if (signingOut) return;
  const params = new URLSearchParams();
  if (next && next !== '/') params.set('next', next);
  // « Commencer » opens the sign-up form (an OIDC provider has its own).
  if (signUp) params.set('signup', '1');
  const query = params.toString() ? `?${params}` : '';
  // The app signs in on its own page (docs/mobile.md): the server's /api/login would take
  // the WebView away to the server's origin.
  window.location.href = API_ORIGIN ? `/login${query}` : `/api/login${query}`;
}

/** The page the browser is on, to come back to after signing in. */
export const currentPath = (): string => window.location.pathname + window.location.search;
