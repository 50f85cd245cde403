import type { LinkPreview } from '#shared/link-previews';
import type { Attachment, Message, ReactionGroup } from '#shared/messages';
import type { User } from '#shared/users';
import type { messages } from './schema';

export type MessageRow = typeof messages.$inferSelect;

export interface ThreadSummary {
  replyCount: number;
  lastReplyAt: Date | null;
}

const NO_REPLIES: ThreadSummary = { replyCount: 0, lastReplyAt: null };

/**
 * The only way a message leaves the server, in REST responses and realtime events alike; its
 * author as presentUser gave it (a page presents each of its authors once). A message never
 * edited has one timestamp twice: it is formatted once, toISOString being a third of a
 * microsecond and a page formatting some 200 dates (docs/performance-log.md, capacity,
 * "2026-11-29, 04:00").
 */
export function presentMessage(
  row: MessageRow,
  user: User,
  reactions: ReactionGroup[] = [],
  thread: ThreadSummary = NO_REPLIES,
  previews: LinkPreview[] = [],
): Message {
  const createdAt = row.createdAt.toISOString();
  return {
    id: row.id,
    channelId: row.channelId,
    userId: row.userId,
    content: row.content,
    attachments: row.attachments as Attachment[],
    mentions: row.mentions,
    parentMessageId: row.parentMessageId,
    edited: row.edited,
    seq: row.seq,
    clientId: row.clientId,
    createdAt,
    updatedAt:
      row.updatedAt.getTime() === row.createdAt.getTime() ? createdAt : row.updatedAt.toISOString(),
    user,
    reactions,
    replyCount: thread.replyCount,
    lastReplyAt: thread.lastReplyAt?.toISOString() ?? null,
    previews,
    ...(row.urgent ? { urgent: true as const } : {}),
  };
}

/** Group reaction rows (in the order they were made) by emoji, first-used emoji first. */
export function groupReactions(
  rows: ReadonlyArray<{ emoji: string; userId: string }>,
): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const { emoji, userId } of rows) {
    const group = groups.get(emoji) ?? { emoji, count: 0, userIds: [] };
    group.count += 1;
    group.userIds.push(userId);
    groups.set(emoji, group);
  }
  return [...groups.values()];
}
