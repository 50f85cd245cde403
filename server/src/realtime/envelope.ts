import type { UserStatus } from '#shared/limits';

/**
 * What travels between nodes through the broker. A header line (JSON) says who receives it,
 * then, for events, the event exactly as sockets will get it: the event is serialized once
 * on the publishing node and never parsed again on the way to the sockets.
 */
export type Route =
  /**
   * Sockets listening to any of these topics, except those of subject `except`, and with
   * `v` only those viewing one of them (Socket.view); and, with `n`, every node's handlers
   * of the notes shared under that name get the event.
   */
  | { k: 'topics'; t: string[]; except?: string; n?: string; v?: 1 }
  /**
   * One event per topic: the body holds them in the order of `t`, one per line (a serialized
   * event never holds a raw newline). Many people's own events in one broker message rather
   * than one message each.
   */
  | { k: 'each'; t: string[] }
  /** A note (the body) for every node's handlers of `n`; no socket. */
  | { k: 'shared'; n: string }
  /** A presence change: the user's own sockets and those watching them (presence_watch). */
  | { k: 'presence'; u: string; s: UserStatus; auto: boolean }
  /** The sockets of user `u` check again whose presence they may watch (all, or `of`). */
  | { k: 'recheck'; u: string; of?: string[] }
  /** Sockets listening to `w` start listening to `t`. */
  | { k: 'follow'; t: string; w: string }
  | { k: 'unfollow'; t: string; w: string }
  /** Nobody listens to `t` any more. */
  | { k: 'drop'; t: string }
  /** Close the sockets listening to `t` (a session that ended). */
  | { k: 'close'; t: string; c: number; r: string };

export interface Envelope {
  /** The node that published it: it has already applied it locally. */
  origin: string;
  route: Route;
  /** The serialized event (or shared note), when the envelope carries one. */
  event: string | undefined;
  /**
   * When it was published (ms since the epoch, the publisher's clock): the receiver's broker
   * lag (GET /metrics). Absent from a node that predates it.
   */
  sentAt?: number | undefined;
}

export function encodeEnvelope(envelope: Envelope): string {
  const header = JSON.stringify({ o: envelope.origin, r: envelope.route, t: envelope.sentAt });
  // JSON.stringify never emits a raw newline, so the first one ends the header.
  return envelope.event === undefined ? header : `${header}\n${envelope.event}`;
}

export function decodeEnvelope(raw: string): Envelope {
  const nl = raw.indexOf('\n');
  const header = JSON.parse(nl === -1 ? raw : raw.slice(0, nl)) as {
    o: string;
    r: Route;
    t?: number;
  };
  const event = nl === -1 ? undefined : raw.slice(nl + 1);
  return { origin: header.o, route: header.r, event, sentAt: header.t };
}
