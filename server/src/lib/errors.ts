import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import type { ApiErrorBody } from '#shared/auth';
import { NOT_PROCESSED_HEADER } from '#shared/limits';
import { StoreBusyError, storeCalls } from '../db/store-gate';

/** An error a client caused, with its status and a French message for the person. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
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

/**
 * Whether the store could not be reached (refused, reset, closed, timed out, shutting down,
 * out of connections): the request did not fail, the store is away for now, so 503 and a
 * Retry-After rather than 500 (docs/operations.md, readiness).
 */
export function isStoreUnavailable(error: unknown): boolean {
  return causes(error).some(({ code }: { code?: unknown }) => {
    if (typeof code !== 'string') return false;
    // SQLSTATE 08: connection exception; 57P01–57P03: shutting down, cannot connect now.
    return STORE_AWAY_CODES.has(code) || /^(08...|57P0[123])$/.test(code);
  });
}

const STORE_AWAY_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300',
]);

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
    const busy = storeBusy(error);
    if (busy) {
      // Whether it may be sent again whatever its method: no query of it reached the store.
      reply.code(503).header('Retry-After', String(busy.retryAfterSeconds));
      if (!storeCalls.getStore()?.reachedStore) reply.header(NOT_PROCESSED_HEADER, '1');
      return reply.send({ message: busy.message });
    }
    if (isStoreUnavailable(error)) {
      request.log.warn({ err: error }, 'store unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ message: 'Le stockage ne répond pas : réessayez dans quelques instants' });
    }
    let status = 500;
    let body: ApiErrorBody = { message: 'Erreur interne du serveur' };
    if (error instanceof HttpError) {
      status = error.statusCode;
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
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.status(status).send(body);
  });
}
