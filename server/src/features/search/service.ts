import { type SQL, sql } from 'drizzle-orm';
import {
  type ParsedSearch,
  parseSearchQuery,
  SEARCH_BAD_CURSOR,
  SEARCH_PAGE_SIZE,
  SEARCH_TIME_ZONE,
  type SearchPage,
  searchAsksSomething,
} from '#shared/search';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { plannedEachTime } from '../../db/planned';
import { SEARCH_CONFIG, type SearchFilter } from '../../db/search-filter';
import { badRequest } from '../../lib/errors';
import { findChannelSummaries, memberChannelIdsSql } from '../channels/search-fragment';
import { fileCandidatesSql, findFileHits } from '../files/search';
import { findMessageHits, messageCandidatesSql } from '../messages/search-fragment';
import { presentFileResult, presentMessageResult } from './presenter';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The cursor is the last result's (created_at with microseconds, id), opaque to clients. */
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !AT_RE.test(at) || !UUID_RE.test(id)) throw badRequest(SEARCH_BAD_CURSOR);
  return { at, id };
}

/** A day's first instant in the search's time zone. */
const dayStart = (day: string, plusDays = 0): SQL =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${SEARCH_TIME_ZONE})`;

/** de:@nom: whoever is so called — display name, first name, full name, email or its local part. */
function authorIdsSql(names: string[]): SQL {
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  return sql`select ${users.id} from ${users} where
    lower(${users.displayName}) in (${list})
    or lower(${users.firstName}) in (${list})
    or lower(${users.firstName} || ' ' || ${users.lastName}) in (${list})
    or lower(split_part(${users.email}, '@', 1)) in (${list})
    or lower(${users.email}) in (${list})`;
}

function filterFor(parsed: ParsedSearch, userId: string, cursor: SearchFilter['cursor']) {
  const text = parsed.text.trim();
  const since: SQL[] = [];
  const until: SQL[] = [];
  if (parsed.after) since.push(dayStart(parsed.after, 1));
  if (parsed.before) until.push(dayStart(parsed.before));
  if (parsed.on) {
    since.push(dayStart(parsed.on));
    until.push(dayStart(parsed.on, 1));
  }
  const config = sql.raw(SEARCH_CONFIG);
  const words = text ? sql`websearch_to_tsquery(${config}, ${text})` : null;
  // Letters and digits only (shared/search.ts), so the :* syntax is all that is added.
  const start = parsed.prefix ? sql`to_tsquery(${config}, ${`${parsed.prefix}:*`})` : null;
  return {
    tsquery: words && start ? sql`(${words} && ${start})` : (words ?? start),
    channelIds: memberChannelIdsSql(userId, parsed.in),
    authorIds: parsed.from.length > 0 ? authorIdsSql(parsed.from) : null,
    since,
    until,
    hasFile: parsed.hasFile,
    cursor,
    limit: SEARCH_PAGE_SIZE + 1,
  } satisfies SearchFilter;
}

/**
 * GET /api/search (docs/search.md): messages and files of the caller's current channels,
 * newest first. One statement finds the page (each table's newest matches after the cursor,
 * merged); the excerpts, authors and channels are then read for that page only.
 */
export async function search(
  db: Db,
  userId: string,
  q: string,
  rawCursor?: string,
): Promise<SearchPage> {
  const parsed = parseSearchQuery(q);
  if (parsed.errors[0]) throw badRequest(parsed.errors[0]);
  const cursor = rawCursor ? decodeCursor(rawCursor) : null;
  if (!searchAsksSomething(parsed)) return { results: [], nextCursor: null };
  const filter = filterFor(parsed, userId, cursor);

  // Planned for its very words each time (docs/search.md).
  const found = await plannedEachTime<{ kind: 'message' | 'file'; id: string; at: string }>(
    db,
    sql`select c.kind, c.id,
      to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from (${messageCandidatesSql(filter)} union all ${fileCandidatesSql(filter)}) c
    order by c.created_at desc, c.id desc
    limit ${SEARCH_PAGE_SIZE + 1}`,
  );
  const page = found.slice(0, SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    found.length > SEARCH_PAGE_SIZE && last ? encodeCursor(last.at, last.id) : null;

  const idsOf = (kind: 'message' | 'file') => page.filter((r) => r.kind === kind).map((r) => r.id);
  const [messageHits, fileHits] = await Promise.all([
    findMessageHits(db, idsOf('message'), filter.tsquery),
    findFileHits(db, idsOf('file')),
  ]);
  const userIds = new Set<string>();
  for (const m of messageHits) userIds.add(m.userId);
  for (const f of fileHits) if (f.uploadedById) userIds.add(f.uploadedById);
  const channelIds = new Set([...messageHits, ...fileHits].map((h) => h.channelId));
  const [authors, channels] = await Promise.all([
    userIds.size > 0
      ? db
          .select()
          .from(users)
          .where(
            sql`${users.id} in (${sql.join(
              [...userIds].map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
          )
      : Promise.resolve([]),
    findChannelSummaries(db, [...channelIds]),
  ]);
  const authorById = new Map(authors.map((u) => [u.id, u]));
  const messageById = new Map(messageHits.map((m) => [m.id, m]));
  const fileById = new Map(fileHits.map((f) => [f.id, f]));

  const results: SearchPage['results'] = [];
  for (const row of page) {
    if (row.kind === 'message') {
      const hit = messageById.get(row.id);
      const author = hit && authorById.get(hit.userId);
      const channel = hit && channels.get(hit.channelId);
      if (hit && author && channel) results.push(presentMessageResult(hit, author, channel));
    } else {
      const hit = fileById.get(row.id);
      const channel = hit && channels.get(hit.channelId);
      const uploader = hit?.uploadedById ? authorById.get(hit.uploadedById) : undefined;
      if (hit && channel) results.push(presentFileResult(hit, uploader ?? null, channel));
    }
  }
  return { results, nextCursor };
}
