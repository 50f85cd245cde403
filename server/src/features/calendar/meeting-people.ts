import { and, inArray, isNull } from 'drizzle-orm';
import {
  SLOT_PEOPLE_MAX,
  SLOT_PERSON_NOT_FOUND,
  SLOT_TOO_MANY_PEOPLE,
  type SlotPerson,
} from '#shared/calendar-slots';
import { userDisplayName } from '#shared/user-names';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { findCoMembers } from '../channels/membership';

/**
 * The people of a search or a meeting, the caller first (docs/calendar.md, "Finding a slot"):
 * only people who share a conversation with the caller, and whose account is active. Anyone
 * else, existing or not, answers one 404, so ids reveal nothing; nobody is silently dropped,
 * since a slot free for "everyone but one" is not what was asked.
 */
export async function meetingPeople(
  db: Db,
  callerId: string,
  userIds: readonly string[],
): Promise<SlotPerson[]> {
  const others = [...new Set(userIds)].filter((id) => id !== callerId);
  if (others.length + 1 > SLOT_PEOPLE_MAX) {
    throw badRequest(SLOT_TOO_MANY_PEOPLE, { userIds: [SLOT_TOO_MANY_PEOPLE] });
  }
  const coMembers = await findCoMembers(db, callerId, others);
  if (coMembers.size !== others.length) throw notFound(SLOT_PERSON_NOT_FOUND);
  const rows = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(and(inArray(users.id, [callerId, ...others]), isNull(users.deactivatedAt)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [callerId, ...others].map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(SLOT_PERSON_NOT_FOUND);
    return { userId: id, displayName: userDisplayName(row) ?? '' };
  });
}
