import { inArray, type SQL, sql } from 'drizzle-orm';
import type { ChannelType } from '#shared/limits';
import type { Db } from '../../db/client';
import { channelMembers, channels } from './schema';

/**
 * The ids of the channels `userId` belongs to now, as a sub-select for the search feature's
 * statement (membership first: the matches are read only in these channels). `names`
 * narrows them to the channels so named (dans:#canal), case and accents aside.
 */
export function memberChannelIdsSql(userId: string, names: string[] = []): SQL {
  if (names.length === 0) {
    return sql`select ${channelMembers.channelId} from ${channelMembers}
      where ${channelMembers.userId} = ${userId}`;
  }
  // Accents aside too ("general" is #général): only the caller's channels are compared.
  const wanted = sql.join(
    names.map((n) => sql`lower(unaccent(${n}::text))`),
    sql`, `,
  );
  return sql`select ${channelMembers.channelId} from ${channelMembers}
    join ${channels} on ${channels.id} = ${channelMembers.channelId}
    where ${channelMembers.userId} = ${userId}
      and lower(unaccent(${channels.name}::text)) in (${wanted})`;
}

export interface ChannelSummary {
  id: string;
  name: string;
  type: ChannelType;
}

/** Id, name and type of the given channels (a search page's), by id. */
export async function findChannelSummaries(
  db: Db,
  ids: string[],
): Promise<Map<string, ChannelSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: channels.id, name: channels.name, type: channels.type })
    .from(channels)
    .where(inArray(channels.id, ids));
  return new Map(rows.map((r) => [r.id, { ...r, type: r.type as ChannelType }]));
}
