import type { FastifyRequest } from 'fastify';

/** Query parameters that are credentials: OAuth's code and state, mailed tokens, invitations. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'reset', 'invitation', 'link']);
/** Path segments that follow these are capabilities (invite and room codes). */
const SECRET_AFTER = new Set(['channel-invites', 'join-channel', 'join']);
const REDACTED = '[redacted]';

/**
 * The URL as logs may keep it: invite and room codes, OAuth `code`/`state` and mailed tokens
 * replaced (docs/security.md, finding 8). Anything unparsable is dropped whole.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://log.invalid');
  } catch {
    return REDACTED;
  }
  const segments = parsed.pathname.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_AFTER.has(segments[i - 1] ?? '') && segments[i]) segments[i] = REDACTED;
  }
  for (const key of [...parsed.searchParams.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) parsed.searchParams.set(key, REDACTED);
  }
  const query = parsed.searchParams.toString();
  return segments.join('/') + (query ? `?${decodeURIComponent(query)}` : '');
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
