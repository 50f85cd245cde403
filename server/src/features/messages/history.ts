import { desc, eq } from 'drizzle-orm';
import { MESSAGE_HISTORY_MAX, type MessageHistory } from '#shared/messages';
import type { Db } from '../../db/client';
import { findMessageForMember } from './queries';
import { messageVersions } from './schema';

/**
 * A message's texts, the current one first (docs/product.md, "Historique des modifications"),
 * for a member of its channel; 404 otherwise, and for a deleted message (its versions went
 * with it).
 */
export async function listHistory(
  db: Db,
  messageId: string,
  userId: string,
): Promise<MessageHistory> {
  const row = await findMessageForMember(db, messageId, userId);
  const older = await db
    .select({ content: messageVersions.content, writtenAt: messageVersions.writtenAt })
    .from(messageVersions)
    .where(eq(messageVersions.messageId, messageId))
    .orderBy(desc(messageVersions.writtenAt), desc(messageVersions.replacedAt))
    .limit(MESSAGE_HISTORY_MAX - 1);
  return {
    messageId,
    versions: [
      { content: row.content, writtenAt: row.updatedAt.toISOString(), current: true },
      ...older.map((v) => ({
        content: v.content,
        writtenAt: v.writtenAt.toISOString(),
        current: false,
      })),
    ],
  };
}
