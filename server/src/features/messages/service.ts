import { and, eq, or, sql } from 'drizzle-orm';
import { CUSTOM_EMOJI_NOT_FOUND } from '#shared/emoji';
import type { Message, MessageUpdateInput, ReactionToggleResult } from '#shared/messages';
import { badRequest, forbidden } from '../../lib/errors';
import { requireWritableChannel } from '../channels/administration';
import { findMentionedMembers } from '../channels/queries';
import { channelTopic } from '../channels/topics';
import { type Deps, publish } from '../deps';
import { customEmojiExists } from '../emoji/service';
import { mentionCandidates, needsMentionLookup } from './mentions';
import { findMessageForMember, findPresentedMessage, toggleReactionRow } from './queries';
import { messages, messageVersions, reactions } from './schema';
import { publishParent } from './send';

/** docs/product.md §10.4: only the author edits; the message is marked edited (docs/product.md §4). */
export async function editMessage(
  deps: Deps,
  userId: string,
  messageId: string,
  input: MessageUpdateInput,
): Promise<Message> {
  const row = await findMessageForMember(deps.db, messageId, userId);
  if (row.userId !== userId) throw forbidden('Seul l’auteur peut modifier ce message');
  // An archived channel is read-only (issue 48): 409 « Ce canal est archivé ».
  await requireWritableChannel(deps.db, row.channelId);
  // Mentions follow the text: the composer writes "@Name" for each person it picks.
  const mentions = needsMentionLookup(input.content)
    ? await findMentionedMembers(deps.db, row.channelId, mentionCandidates(input.content))
    : [];
  // The text it replaces is kept, in the edit's transaction (docs/product.md, "Historique des
  // modifications"); the row is locked first, so two edits at once each keep what they replaced.
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${messageVersions} (message_id, content, written_at)
      select id, content, updated_at from ${messages}
      where id = ${messageId} and content <> ${input.content}
      for update`);
    await tx
      .update(messages)
      .set({ content: input.content, mentions, edited: true, updatedAt: sql`now()` })
      .where(eq(messages.id, messageId));
  });
  const message = await findPresentedMessage(deps.db, messageId);
  if (!message) throw new Error(`message ${messageId} vanished`);
  deps.events.publish('messageUpdated', {
    channelId: row.channelId,
    message,
    previousMentions: row.mentions,
  });
  await publish(deps, 'message_updated', () =>
    deps.realtime.toTopic(channelTopic(row.channelId), {
      type: 'message_updated',
      channelId: row.channelId,
      message,
    }),
  );
  return message;
}

/**
 * docs/product.md §10.4: only the author deletes. A top-level message takes its thread with it: the
 * replies would otherwise surface in the channel as orphans (the FK only nulls the parent).
 */
export async function deleteMessage(deps: Deps, userId: string, messageId: string): Promise<void> {
  const row = await findMessageForMember(deps.db, messageId, userId);
  if (row.userId !== userId) throw forbidden('Seul l’auteur peut supprimer ce message');
  // An archived channel is read-only (issue 48): 409 « Ce canal est archivé ».
  await requireWritableChannel(deps.db, row.channelId);
  const deleted = await deps.db
    .delete(messages)
    .where(or(eq(messages.id, messageId), eq(messages.parentMessageId, messageId)))
    .returning({ id: messages.id });
  const { channelId, parentMessageId } = row;
  const deletedIds = deleted.map((d) => d.id);
  deps.events.publish('messageDeleted', { channelId, messageId, parentMessageId, deletedIds });
  await publish(deps, 'message_deleted', () =>
    deps.realtime.toTopic(channelTopic(row.channelId), {
      type: 'message_deleted',
      channelId: row.channelId,
      messageId,
      parentMessageId: row.parentMessageId,
    }),
  );
  if (row.parentMessageId) await publishParent(deps, row.parentMessageId);
}

/** Toggle the caller's reaction: add it, or take it back if it was there. */
export async function toggleReaction(
  deps: Deps,
  userId: string,
  messageId: string,
  emoji: string,
): Promise<ReactionToggleResult> {
  const target = await findMessageForMember(deps.db, messageId, userId);
  await requireWritableChannel(deps.db, target.channelId);
  // `:nom:` must name a custom emoji that exists, unless it is taken back (docs/product.md,
  // "Émojis personnalisés": one deleted since still comes off).
  if (emoji.startsWith(':') && !(await customEmojiExists(deps.db, emoji))) {
    const [mine] = await deps.db
      .select({ id: reactions.id })
      .from(reactions)
      .where(
        and(
          eq(reactions.messageId, messageId),
          eq(reactions.userId, userId),
          eq(reactions.emoji, emoji),
        ),
      );
    if (!mine) throw badRequest(CUSTOM_EMOJI_NOT_FOUND);
  }
  const toggled = await toggleReactionRow(deps.db, messageId, userId, emoji);
  const row = toggled.message;
  const result: ReactionToggleResult = {
    channelId: row.channelId,
    messageId,
    reactions: toggled.reactions,
  };
  if (toggled.added) {
    deps.events.publish('reactionAdded', {
      channelId: row.channelId,
      messageId,
      authorId: row.userId,
      userId,
      emoji,
      content: row.content,
      channel: toggled.channel,
      actorName: toggled.actorName,
    });
  }
  // To the members viewing the channel only (docs/realtime.md, "Reactions"): a channel
  // shown again reconciles its cached newest page (the web client's refreshShownChannel).
  // Sent to every member, reactions were a quarter of the frames at 5,000 active users
  // (docs/performance-log.md, capacity, "2026-11-28, 12:00").
  await publish(deps, 'reaction_updated', () =>
    deps.realtime.toTopic(
      channelTopic(row.channelId),
      { type: 'reaction_updated', ...result },
      { viewersOnly: true },
    ),
  );
  return result;
}
