import { eq } from 'drizzle-orm';
import type { Channel } from '#shared/channels';
import { CHANNEL_NAME_MAX } from '#shared/limits';
import { userDisplayName } from '#shared/user-names';
import { findUserById } from '../../auth/users';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Deps } from '../deps';
import { announceMemberAdded, insertMember } from './members';
import { findChannelForUser } from './queries';
import { channels } from './schema';

/** Issue 48: nobody starts a conversation with an account an administrator deactivated. */
export const RECIPIENT_DEACTIVATED =
  'Ce compte est désactivé : on ne peut plus démarrer de conversation avec lui';

/** One pair, one key, whatever the order the two users come in. */
export const directKeyFor = (a: string, b: string) => [a, b].sort().join(':');

/**
 * docs/product.md §10.3: a direct channel is exactly its two users, created once and reused. Concurrent
 * calls race on the unique direct_key: ON CONFLICT DO NOTHING makes the losers wait for the
 * winner's commit and insert nothing, then they read the winner's channel.
 */
export async function openDirectChannel(
  deps: Deps,
  userId: string,
  recipientId: string,
): Promise<{ channel: Channel; created: boolean }> {
  if (recipientId === userId) {
    throw badRequest('Vous ne pouvez pas démarrer une conversation avec vous-même', {
      recipientId: ['Choisissez une autre personne que vous-même'],
    });
  }
  const [me, recipient] = await Promise.all([
    findUserById(deps.db, userId),
    findUserById(deps.db, recipientId),
  ]);
  if (!me || !recipient) throw notFound('Utilisateur introuvable');

  const directKey = directKeyFor(userId, recipientId);
  // A conversation begun before the deactivation still opens (its history stays readable).
  if (recipient.deactivatedAt) {
    const [existing] = await deps.db
      .select({ id: channels.id })
      .from(channels)
      .where(eq(channels.directKey, directKey));
    if (!existing) throw conflict(RECIPIENT_DEACTIVATED);
  }
  // The UI shows directUser; the name is what an admin sees in the database.
  const name = `${userDisplayName(me) ?? me.id} / ${userDisplayName(recipient) ?? recipient.id}`;
  const createdId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(channels)
      .values({
        name: name.slice(0, CHANNEL_NAME_MAX),
        type: 'direct',
        createdById: userId,
        directKey,
      })
      .onConflictDoNothing({ target: channels.directKey })
      .returning({ id: channels.id });
    if (!row) return null;
    await insertMember(tx, row.id, userId);
    await insertMember(tx, row.id, recipientId);
    return row.id;
  });

  const channelId =
    createdId ??
    (
      await deps.db
        .select({ id: channels.id })
        .from(channels)
        .where(eq(channels.directKey, directKey))
    )[0]?.id;
  if (!channelId) throw new Error(`direct channel ${directKey} vanished`);
  if (createdId) {
    await announceMemberAdded(deps, channelId, userId);
    await announceMemberAdded(deps, channelId, recipientId, userId);
  }
  const channel = await findChannelForUser(deps.db, userId, channelId);
  if (!channel) throw new Error(`direct channel ${channelId} has lost ${userId}`);
  return { channel, created: createdId !== null };
}
