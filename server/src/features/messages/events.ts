import type { Message } from '#shared/messages';

/**
 * The messages feature's domain events (server/src/events/bus.ts), published after their
 * statement commits, for notifications, search indexing and file links to subscribe to in
 * their own files without editing the send path.
 */
declare module '../../events/bus' {
  interface DomainEvents {
    /**
     * A new message is stored (a retry of a stored clientId publishes nothing), with its
     * channel's name and type as the send's statement read them.
     */
    messageCreated: {
      channelId: string;
      seq: number;
      message: Message;
      channel: { name: string; type: string };
    };
    /** An edit; `previousMentions` are the members the text mentioned before it. */
    messageUpdated: { channelId: string; message: Message; previousMentions: string[] };
    /**
     * A message is deleted, with its replies when it was a thread's parent: `deletedIds`
     * holds every message that went (the message and those replies).
     */
    messageDeleted: {
      channelId: string;
      messageId: string;
      parentMessageId: string | null;
      deletedIds: string[];
    };
    /**
     * `userId` added a reaction (not taken back) to a message written by `authorId`; with the
     * channel's name and type and the reacting user's name, as the statement read them.
     */
    reactionAdded: {
      channelId: string;
      messageId: string;
      authorId: string;
      userId: string;
      emoji: string;
      content: string;
      channel: { name: string; type: string };
      actorName: string | null;
    };
  }
}
