import { type SQL, sql } from 'drizzle-orm';
import type { Attachment } from '#shared/messages';
import type { Db } from '../../db/client';
import type { SearchFilter } from '../../db/search-filter';
import {
  HEADLINE_FRAGMENTS,
  HEADLINE_WHOLE,
  MATCH_END,
  MATCH_START,
  SEARCH_CONFIG,
  WHOLE_EXCERPT_MAX,
} from '../../db/search-filter';
import { messages } from './schema';

// messages.search_vector: to_tsvector('ruche_fr', content), a stored generated column that
// the search migration adds (drizzle's schema does not declare it), under the GIN index
// messages_content_search_idx.
const vector = sql.raw('m.search_vector');

/**
 * How many matches are gathered through the GIN index before a word counts as common
 * (docs/search.md, "Plans"). Below it, every match is in hand and sorting them is cheap;
 * past it, walking messages_created_idx backwards finds a page within a few rows.
 */
export const GIN_FIRST = 2000;

/**
 * The search feature's candidates from messages, as one parenthesised select of
 * (kind, id, created_at) for its UNION ALL: newest first, at most `limit`, in the caller's
 * channels. With words, the matches are first gathered through the GIN index, up to
 * GIN_FIRST: the planner cannot tell a rare word from a common one (its statistics give
 * every uncommon lexeme the same guess, 5,000 rows in a million) and would otherwise walk
 * the whole table backwards for a word that has ten matches. Only when the gathering
 * overflows does the ordered walk run (a one-time filter on the count).
 */
export function messageCandidatesSql(f: SearchFilter): SQL {
  const where: SQL[] = [sql`m.channel_id in (${f.channelIds})`];
  if (f.tsquery) where.push(sql`${vector} @@ ${f.tsquery}`);
  if (f.authorIds) where.push(sql`m.user_id in (${f.authorIds})`);
  for (const bound of f.since) where.push(sql`m.created_at >= ${bound}`);
  for (const bound of f.until) where.push(sql`m.created_at < ${bound}`);
  if (f.hasFile) where.push(sql`m.attachments <> '[]'::jsonb`);
  if (f.cursor) {
    where.push(sql`(m.created_at, m.id) < (${f.cursor.at}::timestamptz, ${f.cursor.id}::uuid)`);
  }
  const matches = sql.join(where, sql` and `);
  if (!f.tsquery) {
    return sql`(select 'message' as kind, m.id, m.created_at from ${messages} m
      where ${matches} order by m.created_at desc, m.id desc limit ${f.limit})`;
  }
  return sql`(with hits as materialized (
      select m.id, m.created_at from ${messages} m where ${matches} limit ${GIN_FIRST})
    (select 'message' as kind, h.id, h.created_at from hits h
      where (select count(*) from hits) < ${GIN_FIRST}
      order by h.created_at desc, h.id desc limit ${f.limit})
    union all
    (select 'message' as kind, m.id, m.created_at from ${messages} m
      where ${matches} and (select count(*) from hits) >= ${GIN_FIRST}
      order by m.created_at desc, m.id desc limit ${f.limit}))`;
}

export interface MessageHit {
  id: string;
  channelId: string;
  userId: string;
  content: string;
  attachments: Attachment[];
  parentMessageId: string | null;
  createdAt: Date;
  /** The excerpt with MATCH_START/MATCH_END around the words found; null without words. */
  headline: string | null;
}

/** The page's messages, with their highlighted excerpt (ts_headline for these rows only). */
export async function findMessageHits(
  db: Db,
  ids: string[],
  tsquery: SQL | null,
): Promise<MessageHit[]> {
  if (ids.length === 0) return [];
  // The markers cannot come from the text itself: taken out before the headline is made.
  const headline = tsquery
    ? sql`ts_headline(${sql.raw(SEARCH_CONFIG)},
        translate(m.content, ${MATCH_START + MATCH_END}, ''), ${tsquery},
        case when length(m.content) <= ${WHOLE_EXCERPT_MAX} then ${HEADLINE_WHOLE}
          else ${HEADLINE_FRAGMENTS} end)`
    : sql`null`;
  const rows = await db.execute<{
    id: string;
    channel_id: string;
    user_id: string;
    content: string;
    attachments: Attachment[];
    parent_message_id: string | null;
    created_at: string;
    headline: string | null;
  }>(sql`select m.id, m.channel_id, m.user_id, m.content, m.attachments, m.parent_message_id,
      m.created_at, ${headline} as headline
    from ${messages} m
    where m.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return rows.map((r) => ({
    id: r.id,
    channelId: r.channel_id,
    userId: r.user_id,
    content: r.content,
    attachments: r.attachments,
    parentMessageId: r.parent_message_id,
    createdAt: new Date(r.created_at),
    headline: r.headline,
  }));
}
