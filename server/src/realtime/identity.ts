/**
 * Who holds a socket. Topics are `<kind>:<key>` strings; every identity is subscribed for
 * its whole life to its own identity topics, and to whatever else the topic kinds grant.
 */

/** A signed-in user's profile as live events show it (names, no secrets). */
export interface UserProfile {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
}

/** A user signed in with a session cookie: may subscribe to what the topic kinds authorize. */
export interface UserIdentity {
  kind: 'user';
  userId: string;
  sessionId: string;
  profile: UserProfile;
}

/**
 * A holder of a token scoped to a fixed set of topics (a guest let into one
 * conversation: its one topic). It is subscribed to exactly those topics, is refused every other one, sends only
 * the frames registered for any identity, and has no presence.
 */
export interface ScopedIdentity {
  kind: 'scoped';
  /** Stable id of the holder (a guest id), for logs and `except`. */
  subject: string;
  topics: readonly string[];
}

export type Identity = UserIdentity | ScopedIdentity;

/** Topic kinds every user identity has: its user's sockets, its session's sockets. */
export const USER_TOPIC = 'user';
export const SESSION_TOPIC = 'session';

export const topicOf = (kind: string, key: string): string => `${kind}:${key}`;

/** `kind:key` → [kind, key]; keys may contain ':' themselves. */
export function splitTopic(topic: string): [kind: string, key: string] {
  const at = topic.indexOf(':');
  return at === -1 ? [topic, ''] : [topic.slice(0, at), topic.slice(at + 1)];
}

export const userTopic = (userId: string) => topicOf(USER_TOPIC, userId);

/** The topics an identity holds from open to close (never reset by a resync). */
export function identityTopics(identity: Identity): string[] {
  if (identity.kind === 'scoped') return [...identity.topics];
  return [userTopic(identity.userId), topicOf(SESSION_TOPIC, identity.sessionId)];
}

/** Who an event's `except` names: the user, or the scoped holder. */
export const subjectOf = (identity: Identity): string =>
  identity.kind === 'user' ? identity.userId : identity.subject;
