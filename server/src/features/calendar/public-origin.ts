import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { conflict } from '../../lib/errors';

export const PUBLIC_URL_MISSING =
  'L’adresse publique du serveur (PUBLIC_URL) n’est pas configurée : demandez à l’administrateur de la définir';

const LOOPBACK_NAME = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const LOOPBACK_PEER = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/;
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
];

/**
 * A person on the server's own machine (`npm start`, no configuration): the connection comes
 * from loopback, names the server by a loopback name, and went through no proxy. Whatever
 * such a request says, the address derived from it can only point back at loopback.
 */
function isLocal(request: FastifyRequest): boolean {
  if (!LOOPBACK_PEER.test(request.socket.remoteAddress ?? '')) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  try {
    return LOOPBACK_NAME.test(new URL(`http://${request.headers.host ?? ''}`).hostname);
  } catch {
    return false;
  }
}

/**
 * Where the provider sends the browser back and where the feed's address points
 * (docs/calendar.md, "Addresses"): PUBLIC_URL, never the Host header, which the client
 * writes. Without PUBLIC_URL only a local user is served, from the loopback name it used.
 */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  if (isLocal(request)) return `http://${request.headers.host}`;
  throw conflict(PUBLIC_URL_MISSING);
}
