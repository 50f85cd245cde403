import type { UserStatus } from '#shared/limits';

/**
 * What travels between nodes through the broker. A header line (JSON) says who receives it,
 * then, for events, the event exactly as sockets will get it: the event is serialized once
 * on the publishing node and never parsed again on the way to the sockets.
 */
export type Route =
  /** Sockets of the channel's current members, except `except`'s. */
  | { k: 'channel'; c: string; except?: string }
  | { k: 'users'; u: string[] }
  /** A presence change: sockets in any of the user's channels, and the user's own. */
  | { k: 'presence'; u: string; c: string[]; s: UserStatus; auto: boolean }
  | { k: 'member_added'; c: string; u: string }
  | { k: 'member_removed'; c: string; u: string }
  | { k: 'channel_deleted'; c: string }
  | { k: 'session_ended'; s: string };

export interface Envelope {
  /** The node that published it: it has already applied it locally. */
  origin: string;
  route: Route;
  /** The serialized event, when the envelope carries one. */
  event: string | undefined;
}

export function encodeEnvelope(envelope: Envelope): string {
  const header = JSON.stringify({ o: envelope.origin, r: envelope.route });
  // JSON.stringify never emits a raw newline, so the first one ends the header.
  return envelope.event === undefined ? header : `${header}\n${envelope.event}`;
}

export function decodeEnvelope(raw: string): Envelope {
  const nl = raw.indexOf('\n');
  const header = JSON.parse(nl === -1 ? raw : raw.slice(0, nl)) as { o: string; r: Route };
  return { origin: header.o, route: header.r, event: nl === -1 ? undefined : raw.slice(nl + 1) };
}
