import { and, asc, eq, gt, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { User } from '#shared/users';
import { users } from '../../auth/schema';
import { presentUser } from '../../auth/user-presenter';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { badRequest } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { channelMembers, channels } from './schema';

/** One channel as the administration console lists it (no content: no message, no description). */
export interface AdminChannelRow {
  id: string;
  name: string;
  type: 'channel' | 'group' | 'voice';
  memberCount: number;
  archivedAt: Date | null;
  createdAt: Date;
  owner: User | null;
}

const CURSOR_INVALID = 'Curseur invalide';

const encodeCursor = (name: string, id: string) =>
  Buffer.from(JSON.stringify([name.toLowerCase(), id])).toString('base64url');

function decodeCursor(cursor: string): { name: string; id: string } {
  try {
    const [name, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof name !== 'string' || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) {
      throw new Error(CURSOR_INVALID);
    }
    return { name, id };
  } catch {
    throw badRequest(CURSOR_INVALID);
  }
}

/**
 * Every channel of the workspace but direct conversations, private ones included, by name
 * (case aside), `limit` at a time after `cursor`; `q` filters the names. Keyset-paged on
 * (lower(name), id): a page costs the same wherever it starts.
 */
export async function listChannelsForAdmin(
  db: Db,
  options: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ rows: AdminChannelRow[]; nextCursor: string | null }> {
  const where: SQL[] = [ne(channels.type, 'direct')];
  if (options.q) where.push(ilike(channels.name, containsPattern(options.q)));
  if (options.cursor) {
    const after = decodeCursor(options.cursor);
    const lowered = sql`lower(${channels.name})`;
    const next = or(
      gt(lowered, after.name),
      and(eq(lowered, after.name), gt(channels.id, after.id)),
    );
    if (next) where.push(next);
  }
  // Subqueries name the outer row as `channels.id`: drizzle leaves a one-table select's
  // columns unqualified, which inside them would mean the member row's own id.
  const rows = await db
    .select({
      id: channels.id,
      name: channels.name,
      type: channels.type,
      archivedAt: channels.archivedAt,
      createdAt: channels.createdAt,
      memberCount: sql<number>`(select count(*)::int from ${channelMembers} cm
        where cm.channel_id = channels.id)`,
      ownerId: sql<string | null>`(select cm.user_id from ${channelMembers} cm
        where cm.channel_id = channels.id and cm.role = 'owner'
        order by cm.joined_at limit 1)`,
    })
    .from(channels)
    .where(and(...where))
    .orderBy(sql`lower(${channels.name})`, asc(channels.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const ownerIds = [...new Set(page.map((r) => r.ownerId).filter((id) => id !== null))];
  const owners = ownerIds.length
    ? await db
        .select()
        .from(users)
        .where(sql`${users.id} = any(${uuids(ownerIds)})`)
    : [];
  const byId = new Map(owners.map((u) => [u.id, presentUser(u)]));
  const last = page.at(-1);
  return {
    rows: page.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type as AdminChannelRow['type'],
      memberCount: Number(r.memberCount),
      archivedAt: r.archivedAt,
      createdAt: r.createdAt,
      owner: (r.ownerId && byId.get(r.ownerId)) || null,
    })),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.name, last.id) : null,
  };
}

export { findDefaultChannelId } from './default-channel';
