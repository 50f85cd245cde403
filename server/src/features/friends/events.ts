/**
 * The friends feature's domain events (server/src/events/bus.ts), published after their
 * transaction commits; other features (notifications) subscribe in their own files.
 */
declare module '../../events/bus' {
  interface DomainEvents {
    /** A pending request was made: `toUserId` has something to answer. */
    friendRequestSent: { requestId: string; fromUserId: string; toUserId: string };
    /** A request was accepted (or met a crossing one): the two are friends now. */
    friendRequestAccepted: { requestId: string; fromUserId: string; toUserId: string };
  }
}

export {};
