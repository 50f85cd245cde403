import { type Identity, SESSION_TOPIC, splitTopic, topicOf, USER_TOPIC } from './identity';
import type { TopicKind } from './realtime';

/**
 * The topic kinds the features declare (Realtime.topicKind), and the two every identity
 * has: a user's own topic and session topic, which only that user, that session, may hear.
 */
export class TopicKinds {
  private readonly kinds = new Map<string, TopicKind>();

  constructor() {
    this.define(USER_TOPIC, {
      authorize: async (identity, key) => identity.kind === 'user' && identity.userId === key,
    });
    this.define(SESSION_TOPIC, {
      authorize: async (identity, key) => identity.kind === 'user' && identity.sessionId === key,
    });
  }

  define(kind: string, definition: TopicKind): void {
    if (this.kinds.has(kind)) throw new Error(`topic kind ${kind} registered twice`);
    this.kinds.set(kind, definition);
  }

  /** Whether the topic's kind lets this identity listen to it (the database's answer). */
  async authorize(identity: Identity, topic: string): Promise<boolean> {
    const [kind, key] = splitTopic(topic);
    const def = this.kinds.get(kind);
    return def !== undefined && (await def.authorize(identity, key));
  }

  /** What every topic kind grants this identity at open (a scoped one gets only its scope). */
  async initial(identity: Identity): Promise<string[]> {
    if (identity.kind === 'scoped') return [];
    const lists = await Promise.all(
      [...this.kinds].map(async ([kind, def]) =>
        def.initial ? (await def.initial(identity)).map((key) => topicOf(kind, key)) : [],
      ),
    );
    return lists.flat();
  }
}
