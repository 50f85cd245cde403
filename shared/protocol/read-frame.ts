/**
 * Reading the server's socket messages (shared/protocol.ts, "Batching"). Apart from
 * protocol.ts, which builds the client frames' zod schemas: the web's first load reads every
 * message with this and must not bring zod along (web/src/app/bundle-budget.test.ts).
 */
import type { ServerEvent } from '../protocol';

const isEvent = (value: unknown): value is ServerEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string';

/**
 * The events of one server WebSocket message, in order: the one place a client reads the
 * wire. Parsed once; what is not an object with a string `type` is left out (the payloads
 * come from our own server's presenters, so they are not validated field by field). Text
 * that is not JSON throws: only a fault of the server's sends it, and a test must see that
 * rather than hear nothing. The browser's sockets catch it at their edge, report it and go
 * on (web/src/lib/socket.ts, `readServerMessage`; docs/realtime.md, "Reading the wire").
 */
export function parseServerFrame(data: string): ServerEvent[] {
  const parsed = JSON.parse(data) as unknown;
  return (Array.isArray(parsed) ? parsed : [parsed]).filter(isEvent);
}
