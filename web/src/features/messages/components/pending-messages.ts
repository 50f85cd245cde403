import { useMemo } from 'react';
import type { Message } from '#shared/messages';
import type { User } from '#shared/users';
import type { PendingSend } from '../lib/pending-sends';
import type { DisplayMessage } from './message-item';

/**
 * Pending sends shown as own messages after the stored ones — until a stored message
 * carries their clientId (the POST's answer or the new_message event, whichever is first).
 */
export function usePendingMessages(
  entries: readonly PendingSend[],
  stored: readonly Message[],
  me: User,
): DisplayMessage[] {
  return useMemo(() => {
    if (entries.length === 0) return [];
    const storedClientIds = new Set<string>();
    // Pending sends are recent: the tail of the list is enough to look through.
    for (const message of stored.slice(-200))
      if (message.clientId) storedClientIds.add(message.clientId);
    return entries
      .filter((entry) => !storedClientIds.has(entry.clientId))
      .map((entry) => ({
        id: `pending:${entry.clientId}`,
        channelId: entry.channelId,
        userId: me.id,
        content: entry.content,
        attachments: entry.attachments ?? [],
        mentions: entry.mentions,
        parentMessageId: entry.parentMessageId,
        edited: false,
        seq: Number.MAX_SAFE_INTEGER,
        clientId: entry.clientId,
        createdAt: entry.createdAt,
        updatedAt: entry.createdAt,
        user: me,
        reactions: [],
        replyCount: 0,
        lastReplyAt: null,
        pending: entry.state,
      }));
  }, [entries, stored, me]);
}
