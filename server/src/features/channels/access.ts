import type { MemberRole } from '#shared/limits';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { getMemberRole } from './membership';

export const CHANNEL_NOT_FOUND = 'Canal introuvable';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_RE.test(value);

/** A path id that cannot exist answers like an unknown one: 404, not a database error. */
export function idParam(value: unknown, message: string): string {
  if (!isUuid(value)) throw notFound(message);
  return value.toLowerCase();
}

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
