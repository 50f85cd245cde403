import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { NOT_PROCESSED_HEADER } from '#shared/limits';
import { SESSION_TOKEN_HEADER, SESSION_TRANSPORT_HEADER } from '#shared/session-token';
import type { Config } from '../config';
import { isApiPath } from './api-path';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this server answers as: PUBLIC_URL, else what the request's Host says. */
export function ownOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl
    ? new URL(config.publicUrl).origin
    : `${request.protocol}://${request.host}`;
}

/**
 * Our own origin, or one ALLOWED_ORIGINS lists (the Capacitor shell's). Also the /ws upgrade's
 * check (realtime/register.ts), so that writes and sockets trust the same pages.
 */
export function isTrustedOrigin(origin: string, request: FastifyRequest, config: Config): boolean {
  return origin === ownOrigin(request, config) || config.allowedOrigins.includes(origin);
}

/**
 * docs/product.md §10.12: cookie-authenticated writes must come from our own pages. Browsers send Origin
 * on every cross-origin write and Sec-Fetch-Site on every request, so either one decides;
 * a client sending neither is not a browser and cannot be a confused deputy.
 */
export function isForeignWrite(request: FastifyRequest, config: Config): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin) return !isTrustedOrigin(origin, request, config);
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

function socketOrigins(config: Config): string[] {
  if (!config.publicUrl) return [];
  const url = new URL(config.publicUrl);
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // helmet's middleware is built ONCE: @fastify/helmet built it again for every request,
  // re-parsing the policy below each time (~5 % of the server's CPU per message sent).
  const securityHeaders = helmet({
    // Every HTML response gets a strict policy: scripts only from our own origin, no inline.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix injects <style> elements (scroll lock); styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // Our own origin only ('self' covers its ws: and wss: in CSP 3), and PUBLIC_URL's
        // socket origin spelled out for browsers that predate that (finding 8).
        connectSrc: ["'self'", ...socketOrigins(config)],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS over https, for this host only unless HSTS_INCLUDE_SUBDOMAINS says so: a
    // self-hosted Ruche rarely owns every subdomain of its domain.
    strictTransportSecurity: config.publicUrl?.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: config.hstsIncludeSubdomains }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });

  // The app's pages (ALLOWED_ORIGINS, docs/mobile.md) call the API from their own origin:
  // CORS with credentials for exactly those, none for any other origin (whose reads the
  // browser then withholds; its writes are refused below).
  await app.register(cors, {
    origin: (origin, callback) =>
      callback(null, origin !== undefined && config.allowedOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', SESSION_TRANSPORT_HEADER],
    exposedHeaders: [SESSION_TOKEN_HEADER, 'Retry-After', NOT_PROCESSED_HEADER],
    maxAge: 600,
  });

  app.addHook('onRequest', async (request, reply) => {
    // The path as the router reads it: `/%61pi/logout` is `/api/logout` (lib/api-path.ts).
    if (!isApiPath(request)) return;
    // Nothing an API answers may be kept by a shared cache or the back-forward cache.
    reply.header('Cache-Control', 'no-store');
    if (isForeignWrite(request, config)) {
      throw forbidden('Requête refusée : origine non autorisée');
    }
  });
}
