/**
 * The identity's domain events (server/src/events/bus.ts). Auth sits below the features and
 * names none of them: what a new account also gets is each feature's own step or subscriber.
 */
declare module '../events/bus' {
  interface DomainEvents {
    /**
     * An account was made (sign-up, first OpenID Connect sign-in). As a step (`within`), in
     * the account's transaction: what must exist with it (preferences, the default channel).
     * As an event (`on`), after commit: what others are told.
     */
    userCreated: { userId: string };
  }
}

export {};
