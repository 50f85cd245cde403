import type { MemberRole } from '#shared/limits';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { getMemberRole } from './membership';

export const CHANNEL_NOT_FOUND = 'Canal introuvable';

/**
 * docs/product.md §10.2: channel-scoped calls require membership, and a non-member gets the same 404
 * as for a channel that does not exist, so ids reveal nothing.
 */
export async function requireMember(
  db: Db,
  channelId: string,
  userId: string,
): Promise<MemberRole> {
  const role = await getMemberRole(db, channelId, userId);
  if (!role) throw notFound(CHANNEL_NOT_FOUND);
  return role;
}
