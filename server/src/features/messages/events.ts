import type { Message } from '#shared/messages';

/**
 * The messages feature's domain events (server/src/events/bus.ts), published after their
 * statement commits, for notifications, search indexing and file links to subscribe to in
 * their own files without editing the send path.
 */
declare module '../../events/bus' {
  interface DomainEvents {
    /** A new message is stored (a retry of a stored clientId publishes nothing). */
    messageCreated: { channelId: string; seq: number; message: Message };
    messageUpdated: { channelId: string; message: Message };
    /** A message is deleted, with its replies when it was a thread's parent. */
    messageDeleted: { channelId: string; messageId: string; parentMessageId: string | null };
    /** `userId` added a reaction (not taken back) to a message written by `authorId`. */
    reactionAdded: {
      channelId: string;
      messageId: string;
      authorId: string;
      userId: string;
      emoji: string;
      content: string;
    };
  }
}
