import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ChannelMember } from '#shared/channels';
import { findUserById } from '../../auth/users';
import { conflict, forbidden, notFound, parse } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Deps } from '../deps';
import { CHANNEL_NOT_FOUND, requireMember } from './access';
import { announceMemberAdded, insertMember } from './members';
import { findMember } from './queries';
import { channels } from './schema';

const PERSON_NOT_FOUND = 'Cette personne est introuvable';
/** Issue 48: an account an administrator deactivated joins no channel any more. */
export const PERSON_DEACTIVATED = 'Ce compte est désactivé : on ne peut plus l’ajouter à un canal';

export const AddMemberSchema = z.object({
  userId: z.string({ error: 'Choisissez une personne à ajouter' }),
});

/**
 * POST /api/channels/{id}/members: a member adds a colleague found by name ("Inviter des
 * membres", beside the link and the code — any member may invite, docs/product.md §6). Not to
 * a direct conversation (403). Already a member: 200 and nothing changes; else 201, and the
 * newcomer hears of it as after an invitation (member_added, their sidebar, a notification).
 */
export async function addMemberByName(
  deps: Deps,
  byId: string,
  channelId: string,
  body: unknown,
): Promise<{ member: ChannelMember; added: boolean }> {
  const { userId } = parse(AddMemberSchema, body);
  await requireMember(deps.db, channelId, byId);
  const [channel] = await deps.db
    .select({ type: channels.type })
    .from(channels)
    .where(eq(channels.id, channelId));
  if (!channel) throw notFound(CHANNEL_NOT_FOUND);
  if (channel.type === 'direct') {
    throw forbidden('On n’ajoute personne à une conversation directe');
  }
  const person = isUuid(userId) ? await findUserById(deps.db, userId) : undefined;
  if (!person) throw notFound(PERSON_NOT_FOUND);
  if (person.deactivatedAt) throw conflict(PERSON_DEACTIVATED);
  const added = await insertMember(deps.db, channelId, userId);
  if (added) await announceMemberAdded(deps, channelId, userId, byId);
  const member = await findMember(deps.db, channelId, userId);
  if (!member) throw notFound(PERSON_NOT_FOUND);
  return { member, added };
}
