import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UserStatus } from '#shared/limits';
import type { ServerEvent } from '#shared/protocol';
import type { HttpError } from '../lib/errors';
import type { Identity, ScopedIdentity, UserIdentity } from './identity';

/**
 * One open socket as a frame handler sees it. The same object for the socket's whole life,
 * so a feature may key its per-socket state on it (a WeakMap).
 */
export interface Socket<I extends Identity = Identity> {
  readonly identity: I;
  /** Set once the socket is closed (or being closed): late answers go nowhere. */
  readonly closed: boolean;
  /** Whether the socket listens to the topic now. */
  isSubscribed(topic: string): boolean;
  /**
   * Listen to the topic if the identity may (its scope, then its topic kind's authorizer);
   * true when it listens now.
   */
  subscribe(topic: string): Promise<boolean>;
  /**
   * The user has this topic on screen now (one at a time: a later call replaces it), so
   * `toTopic(…, { viewersOnly: true })` reaches this socket. It must listen to the topic,
   * and only hears such events while it does.
   */
  view(topic: string): void;
  /** An event for this socket only, in order with everything else it receives. */
  reply(event: ServerEvent): void;
  /** Close the socket after what is queued for it (e.g. 4401 when its session ended). */
  close(code: number, reason: string): void;
  /** Call `listener` once when the socket closes (at once if it already has). */
  onClosed(listener: () => void): void;
}

export type FrameHandler<I extends Identity, F> = (
  socket: Socket<I>,
  frame: F,
) => void | Promise<void>;

export interface FrameOptions<I extends Identity, F> {
  /**
   * Whether the frame shows the user is there: `active` (the default) ends an automatic
   * away; `touch` only counts for the away timer; `none` (ping) counts for nothing.
   */
  activity?: 'active' | 'touch' | 'none';
  /**
   * How to refuse the frame when it cannot be handled (too many frames waiting for the
   * socket's subscriptions). Without it the frame is dropped: use it for frames whose sender
   * waits for an answer.
   */
  refuse?: (socket: Socket<I>, frame: F, err: HttpError) => void;
}

/** A topic kind: `<kind>:<key>` topics, and who may listen to them. */
export interface TopicKind {
  /**
   * Whether this identity may listen to `<kind>:<key>` (a join frame asked). The database
   * is the truth: this node's index may lag a change made on another node.
   */
  authorize(identity: Identity, key: string): Promise<boolean>;
  /** The keys a new socket of this identity starts listening to (and gets again on resync). */
  initial?(identity: Identity): Promise<string[]>;
}

/**
 * Which of `userIds` the viewer may see the presence of (e.g. those sharing a group with
 * them). A socket watches only those (presence_watch, docs/realtime.md "Presence"); the
 * user's own sockets always see their own. Several rules add up.
 */
export type PresenceVisibility = (
  viewerId: string,
  userIds: readonly string[],
  context: PresenceContext,
) => Promise<Iterable<string>>;

/** Where the watching socket is, for a rule to look there first. */
export interface PresenceContext {
  /** The topic the socket views (Socket.view), if any: the people it shows are likely there. */
  viewing?: string;
}

/**
 * Recognizes an upgrade request without a session (a guest's token in a header or the
 * query): the scoped identity it grants, or undefined when the token is not its kind.
 */
export type ScopedIdentifier = (request: FastifyRequest) => Promise<ScopedIdentity | undefined>;

/**
 * Where an upgrade carries a scoped token: the header, and the query parameter (a browser
 * sets no header on an upgrade). An upgrade that carries none of them, nor a session, is
 * refused before anything is read for it (docs/realtime.md, "Admission").
 */
export interface TokenCarrier {
  header: string;
  query?: string;
}

/**
 * What features use to reach sockets, on this node and every other one (through the broker),
 * and to register what they handle. The realtime layer names no feature: it deals in
 * frames, topics (`<kind>:<key>`) and identities (realtime/identity.ts).
 *
 * Fan-out calls are made only after the transaction has committed (docs/product.md §10.9: the database
 * is the truth; sockets only signal). Every call applies on this node before it returns,
 * then reaches the other nodes in the order this node made the calls.
 *
 * Order matters around subscriptions, because an event reaches the listeners AT THE TIME OF
 * THE CALL: to let a removed member's sockets hear about it, publish then `unfollow`;
 * likewise publish then `dropTopic`; and `follow` then publish so the newcomer sees it too.
 */
export interface Realtime {
  /**
   * Every socket listening to the topic (minus one user's, if asked), or with `viewersOnly`
   * only those that have it on screen (Socket.view): for what only a screen showing the
   * topic displays. With `share`, every node's `onShared(share)` handlers get the event too,
   * in the same broker message.
   */
  toTopic(
    topic: string,
    event: ServerEvent,
    options?: { exceptUserId?: string; share?: string; viewersOnly?: boolean },
  ): Promise<void>;
  /** Every open socket of these users. */
  toUsers(userIds: readonly string[], event: ServerEvent): Promise<void>;
  /** Each user gets their own event, on every node: one broker message for all of them. */
  toEach(items: ReadonlyArray<{ userId: string; event: ServerEvent }>): Promise<void>;
  /** The user's open sockets start listening to the topic (they became a member). */
  follow(topic: string, userId: string): Promise<void>;
  /** The user's open sockets stop listening to the topic at once. */
  unfollow(topic: string, userId: string): Promise<void>;
  /** The topic is gone: nobody listens to it any more. */
  dropTopic(topic: string): Promise<void>;
  /** A session ended (sign-out): its sockets are closed on every node. */
  sessionEnded(sessionId: string): Promise<void>;
  /**
   * The user chose a status (a `presence` frame, PATCH /api/auth/user): saved and announced
   * as presence_update to the sockets watching the user, after the call has returned (the
   * caller waits for no write).
   */
  setStatus(userId: string, status: UserStatus): Promise<void>;
  /**
   * The user may no longer see some people's presence (they left a group, a friendship
   * ended): every node checks again what the user's sockets watch, with the visibility rules.
   * With `of`, only those people, and their updates stop before the call returns (here) or
   * the broker message is applied (elsewhere); those still visible come back.
   */
  recheckPresence(userId: string, of?: readonly string[]): Promise<void>;
  /** Live presence for REST: a user with no open socket on any node is offline. */
  presenceOf(userIds: readonly string[]): Promise<Map<string, UserStatus>>;
  /**
   * Hand a note to the `onShared(name)` handlers of every node: this node's before the call
   * returns, the others' through the broker, in the order this node shared. No socket gets
   * it. For short-lived state a feature keeps in memory on each node rather than in the
   * store (who is composing a message right now). Best effort, like every broker message: a
   * node that loses its subscription misses notes, so such state must expire by itself.
   */
  share<T>(name: string, note: T): Promise<void>;
  /**
   * Receive the notes shared under `name` by any node (this one's included). They come from
   * this application's own nodes, so their type is the sharer's: `T` is taken on trust.
   */
  onShared<T>(name: string, handler: (note: T) => void): void;

  /**
   * Handle client frames of this `type`, validated by `schema` (anything else gets an
   * `error` back). Frames from a socket still loading its subscriptions wait for `ready`.
   * Signed-in users only, unless registered with `onAnyFrame`.
   */
  onFrame<S extends z.ZodType>(
    type: string,
    schema: S,
    handler: FrameHandler<UserIdentity, z.infer<S>>,
    options?: FrameOptions<UserIdentity, z.infer<S>>,
  ): void;
  /** As onFrame, for frames any identity may send (a scoped guest included). */
  onAnyFrame<S extends z.ZodType>(
    type: string,
    schema: S,
    handler: FrameHandler<Identity, z.infer<S>>,
    options?: FrameOptions<Identity, z.infer<S>>,
  ): void;
  /** Declare a topic kind and who may listen to its topics. */
  topicKind(kind: string, definition: TopicKind): void;
  /** Add a rule of who may see whose presence (presence_watch). */
  presenceVisible(visibility: PresenceVisibility): void;
  /** Let sockets without a session in, with the scoped identity this identifier grants. */
  identifyScoped(identifier: ScopedIdentifier, carrier: TokenCarrier): void;
}
