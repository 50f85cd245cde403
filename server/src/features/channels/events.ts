/**
 * The channels feature's domain events (server/src/events/bus.ts), published after their
 * transaction commits; other features subscribe in their own files.
 */
declare module '../../events/bus' {
  interface DomainEvents {
    /** A user became a member (joined, was invited, created the channel); `by` is who added them when it was someone else. */
    memberAdded: { channelId: string; userId: string; by?: string };
    /** A member left (`by` is themselves) or was removed (`by` is who removed them). */
    memberRemoved: { channelId: string; userId: string; by: string };
    /** The user read the channel up to its last message (any device). */
    channelRead: { channelId: string; userId: string };
    /** The channel was archived (read-only) or brought back (`archived` false); `by` is who did it. */
    channelArchived: { channelId: string; archived: boolean; by: string };
    /** The channel and its memberships are gone; `memberIds` is who belonged to it. */
    channelDeleted: { channelId: string; memberIds: string[] };
  }
}

export {};
