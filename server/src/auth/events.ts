import type { AuditEntryInput } from '#shared/audit';

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
    /**
     * An administrative or security-relevant act of auth's (a sign-up link made or revoked):
     * as a step, in the act's transaction, where the audit log records it (features/audit).
     */
    audited: AuditEntryInput;
    /** A session began (any sign-in method), after commit: the audit log checks the device. */
    signedIn: { userId: string; userAgent: string | null; address: string | null };
  }
}
