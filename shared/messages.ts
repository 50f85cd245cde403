import type { User } from './users';

export interface Attachment {
  id: string;
  name: string;
  url: string;
  size: number;
  mimeType: string;
}

/** Reactions grouped by emoji, with who reacted (SPEC §2: grouped reaction counts). */
export interface ReactionGroup {
  emoji: string;
  count: number;
  userIds: string[];
}

/** The wire shape of a message, in REST responses and realtime events alike. */
export interface Message {
  id: string;
  channelId: string;
  userId: string;
  content: string;
  attachments: Attachment[];
  mentions: string[];
  parentMessageId: string | null;
  edited: boolean;
  /** Strictly increasing per channel, assigned by the server (DESIGN §4). */
  seq: number;
  /** The sender's idempotency key. */
  clientId: string | null;
  createdAt: string;
  updatedAt: string;
  user: User;
  reactions: ReactionGroup[];
  /** Thread replies to this message, and when the last one came. */
  replyCount: number;
  lastReplyAt: string | null;
}

/** One page of GET /api/channels/{id}/messages. */
export interface MessagePage {
  messages: Message[];
  /** Pass as `before` to get the next older page; null when the start was reached. */
  nextCursor: string | null;
}

/** GET /api/channels/{id}/typing items (SPEC §7: firstName, email). */
export interface TypingUser {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
}
