import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SearchFilter } from '../../db/search-filter';
import { SEARCH_CONFIG } from '../../db/search-filter';
import { files } from './schema';

// The expression of files_name_search_idx (the search migration), letter for letter: the
// name's dots, dashes and underscores split it into words ("rapport-final_2026.pdf").
const vector = sql.raw(`to_tsvector(${SEARCH_CONFIG}, translate(f.original_name, '._-', '   '))`);

/**
 * The search feature's candidates from files (by name), as one parenthesised select of
 * (kind, id, created_at) for its UNION ALL. Files are attachments: a:fichier keeps them.
 */
export function fileCandidatesSql(f: SearchFilter): SQL {
  // A draft is its uploader's alone until sent (docs/files.md, "Drafts"): found by nobody.
  const where: SQL[] = [sql`f.channel_id in (${f.channelIds})`, sql`not f.draft`];
  if (f.tsquery) where.push(sql`${vector} @@ ${f.tsquery}`);
  if (f.authorIds) where.push(sql`f.uploaded_by_id in (${f.authorIds})`);
  for (const bound of f.since) where.push(sql`f.created_at >= ${bound}`);
  for (const bound of f.until) where.push(sql`f.created_at < ${bound}`);
  if (f.cursor) {
    where.push(sql`(f.created_at, f.id) < (${f.cursor.at}::timestamptz, ${f.cursor.id}::uuid)`);
  }
  return sql`(select 'file' as kind, f.id, f.created_at from ${files} f
    where ${sql.join(where, sql` and `)}
    order by f.created_at desc, f.id desc limit ${f.limit})`;
}

export interface FileHit {
  id: string;
  channelId: string;
  uploadedById: string | null;
  originalName: string;
  mimeType: string;
  size: number;
  url: string;
  createdAt: Date;
}

/** The page's files. */
export async function findFileHits(db: Db, ids: string[]): Promise<FileHit[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<{
    id: string;
    channel_id: string;
    uploaded_by_id: string | null;
    original_name: string;
    mime_type: string;
    size: number;
    url: string;
    created_at: string;
  }>(sql`select f.id, f.channel_id, f.uploaded_by_id, f.original_name, f.mime_type, f.size,
      f.url, f.created_at
    from ${files} f
    where f.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return rows.map((r) => ({
    id: r.id,
    channelId: r.channel_id,
    uploadedById: r.uploaded_by_id,
    originalName: r.original_name,
    mimeType: r.mime_type,
    size: r.size,
    url: r.url,
    createdAt: new Date(r.created_at),
  }));
}
