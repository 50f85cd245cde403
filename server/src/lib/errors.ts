import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import type { ApiErrorBody } from '#shared/auth';
import { NOT_PROCESSED_HEADER } from '#shared/limits';
import { StoreBusyError, storeCalls } from '../db/store-gate';
import { StoreUnavailableError } from '../db/store-unavailable';

/**
 * An error a client caused (or a refusal for now, 503), with its status and a French message
 * for the person; a retryable one says when to try again (Retry-After, `retryAfterMs`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Vous devez être connecté') => new HttpError(401, message);
export const forbidden = (message = 'Action non autorisée') => new HttpError(403, message);
export const notFound = (message = 'Introuvable') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * Whether a store error is a unique-key violation (SQLSTATE 23505), the way concurrent
 * duplicates are caught. Drizzle wraps the driver's error, so its causes are looked at too.
 */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505');
}

/** Whether a store error is a foreign-key violation (SQLSTATE 23503): a row it names is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, '23503');
}

function hasCode(error: unknown, code: string): boolean {
  return causes(error).some((e) => (e as { code?: unknown }).code === code);
}

/** The error and what it wraps (Drizzle wraps the driver's error in `cause`), outermost first. */
function causes(error: unknown): object[] {
  const chain: object[] = [];
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  return chain;
}

/** A query the store gate refused for its budget (db/store-gate.ts), wherever it is wrapped. */
export function storeBusy(error: unknown): StoreBusyError | undefined {
  return causes(error).find((e): e is StoreBusyError => e instanceof StoreBusyError);
}

/**
 * The answer to work the store refused for now, wherever the refusal is wrapped: busy (the
 * gate's budget, db/store-gate.ts) or away (a restart, db/store-unavailable.ts). Every path
 * answers it the same: 503 with its retry hint (HTTP here, the socket's sends in
 * features/messages/realtime.ts, a socket's opening in realtime/hub.ts and auth/guard.ts).
 */
export function storeRefusal(error: unknown): HttpError | undefined {
  const refused = causes(error).find(
    (e): e is StoreBusyError | StoreUnavailableError =>
      e instanceof StoreBusyError || e instanceof StoreUnavailableError,
  );
  return refused && new HttpError(503, refused.message, undefined, refused.retryAfterSeconds);
}

/** Field errors keyed by dotted path; the first message becomes the response's `message`. */
export function fromZod(error: ZodError): HttpError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return badRequest(error.issues[0]?.message ?? 'Requête invalide', errors);
}

/** Parse a request part with a shared schema; bad input becomes a 400 with field errors. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps JSON est vide',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Requête trop volumineuse',
  FST_REQ_FILE_TOO_LARGE: 'Fichier trop volumineux',
  FST_PARTS_LIMIT: 'Trop de fichiers',
  FST_FILES_LIMIT: 'Trop de fichiers',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Requête multipart attendue',
};

/** One place maps every error to `{ message }` and a status; nothing else writes error bodies. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    const refused = storeRefusal(error);
    if (refused) {
      // Busy: whether it may be sent again whatever its method (no query of it reached the
      // store). Away: the operator wants to know.
      if (!storeBusy(error)) request.log.warn({ err: error }, 'store unavailable');
      else if (!storeCalls.getStore()?.reachedStore) reply.header(NOT_PROCESSED_HEADER, '1');
      error = refused;
    }
    let status = 500;
    let body: ApiErrorBody = { message: 'Erreur interne du serveur' };
    if (error instanceof HttpError) {
      status = error.statusCode;
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
      body = { message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    } else if (error instanceof ZodError) {
      const http = fromZod(error);
      status = 400;
      body = { message: http.message, errors: http.errors ?? {} };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
      body = {
        message:
          known ??
          (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'Le corps JSON est invalide'
            : error.message),
      };
    }
    if (status >= 500 && !refused) request.log.error({ err: error }, 'request failed');
    reply.status(status).send(body);
  });
}
