import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client';
import type { FileStorage } from '../files/storage';

/**
 * The zip of « Télécharger mes données » (docs/privacy.md, "Export"): every category as JSON
 * and one readable HTML page, then the files themselves. Written to a temporary file as it is
 * made: messages are read 500 at a time, each entry's stream is read only when the zip
 * reaches it (yazl writes entries in order), so memory stays bounded whatever the account's
 * size.
 *
 * The privacy feature reads every feature's tables by name (SQL), not through their modules:
 * the erasure test scans every column of every table, so a table this misses shows there.
 */

const PAGE = 500;

type Row = Record<string, unknown>;

const rows = async (db: Db, query: ReturnType<typeof sql>): Promise<Row[]> => [
  ...(await db.execute<Row>(query)),
];

/** HTML text: every character that could open markup or an attribute is escaped. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

/** The small categories, each read in one statement (their size is bounded by the person). */
async function readSmallCategories(db: Db, userId: string) {
  const [profile] = await rows(
    db,
    sql`select id, email, first_name as "firstName", last_name as "lastName",
      display_name as "displayName", profile_image_url as "profileImageUrl",
      chosen_status as "status", status_message as "statusMessage", is_admin as "isAdmin",
      (password_hash is not null) as "hasPassword", oidc_issuer as "oidcIssuer",
      email_verified_at as "emailVerifiedAt", created_at as "createdAt", updated_at as "updatedAt"
      from users where id = ${userId}::uuid`,
  );
  const reactions = await rows(
    db,
    sql`select r.emoji, r.created_at as "createdAt", r.message_id as "messageId",
      c.name as "channelName", c.type as "channelType"
      from reactions r join messages m on m.id = r.message_id join channels c on c.id = m.channel_id
      where r.user_id = ${userId}::uuid order by r.created_at`,
  );
  const tasks = await rows(
    db,
    sql`select t.id, t.title, t.description, t.labels, t.due_date as "dueDate",
      t.created_at as "createdAt", t.updated_at as "updatedAt",
      b.name as "board", l.name as "list", c.name as "channelName",
      (t.created_by_id = ${userId}::uuid) as "created", (t.assigned_to_id = ${userId}::uuid) as "assigned"
      from tasks t join lists l on l.id = t.list_id join boards b on b.id = l.board_id
      join channels c on c.id = b.channel_id
      where t.created_by_id = ${userId}::uuid or t.assigned_to_id = ${userId}::uuid
      order by t.created_at`,
  );
  const events = await rows(
    db,
    sql`select id, title, description, location, start_time as "startTime", end_time as "endTime",
      all_day as "allDay", external_source as "externalSource", created_at as "createdAt"
      from calendar_events where user_id = ${userId}::uuid order by start_time`,
  );
  const friends = await rows(
    db,
    sql`select u.id, coalesce(u.display_name, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))) as "name",
      f.created_at as "since"
      from friendships f join users u
        on u.id = case when f.user1_id = ${userId}::uuid then f.user2_id else f.user1_id end
      where f.user1_id = ${userId}::uuid or f.user2_id = ${userId}::uuid order by f.created_at`,
  );
  const friendRequests = await rows(
    db,
    sql`select r.id, r.status, r.message, r.created_at as "createdAt",
      (r.from_user_id = ${userId}::uuid) as "sent",
      coalesce(u.display_name, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))) as "otherPerson"
      from friend_requests r join users u
        on u.id = case when r.from_user_id = ${userId}::uuid then r.to_user_id else r.from_user_id end
      where r.from_user_id = ${userId}::uuid or r.to_user_id = ${userId}::uuid order by r.created_at`,
  );
  const [notificationPreferences] = await rows(
    db,
    sql`select mentions, direct_messages as "directMessages", channel_messages as "channelMessages",
      reactions, channel_invites as "channelInvites", system_notifications as "systemNotifications"
      from notification_preferences where user_id = ${userId}::uuid`,
  );
  const channelSettings = await rows(
    db,
    sql`select c.name as "channelName", c.type as "channelType", m.role, m.joined_at as "joinedAt",
      s.level as "notificationLevel", s.muted
      from channel_members m join channels c on c.id = m.channel_id
      left join notification_channel_settings s on s.user_id = m.user_id and s.channel_id = m.channel_id
      where m.user_id = ${userId}::uuid order by c.name`,
  );
  const calendarConnections = await rows(
    db,
    sql`select provider, calendar_name as "calendarName", sync_direction as "syncDirection",
      created_at as "createdAt" from calendar_connections where user_id = ${userId}::uuid`,
  );
  const sessions = await rows(
    db,
    sql`select sess->>'createdAt' as "createdAt", sess->>'lastUsedAt' as "lastUsedAt",
      sess->>'userAgent' as "userAgent" from sessions where sess->>'userId' = ${userId}`,
  );
  const settings = {
    notificationPreferences: notificationPreferences ?? null,
    channels: channelSettings,
    calendarConnections,
    sessions,
  };
  return { profile: profile ?? null, reactions, tasks, events, friends, friendRequests, settings };
}

interface MessageRow {
  id: string;
  channelId: string;
  channelName: string | null;
  channelType: string;
  content: string;
  parentMessageId: string | null;
  edited: boolean;
  createdAt: string;
  attachments: unknown;
}

/** The person's messages, oldest first, a page at a time (keyset on created_at, id). */
async function* messagePages(db: Db, userId: string): AsyncGenerator<MessageRow[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor: { at: string; id: string } | null = after;
    const page = (await rows(
      db,
      sql`select m.id, m.channel_id as "channelId", c.name as "channelName", c.type as "channelType",
        m.content, m.parent_message_id as "parentMessageId", m.edited,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt",
        m.attachments
        from messages m join channels c on c.id = m.channel_id
        where m.user_id = ${userId}::uuid
        ${cursor ? sql`and (m.created_at, m.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by m.created_at, m.id limit ${PAGE}`,
    )) as unknown as MessageRow[];
    if (page.length === 0) return;
    yield page;
    const last = page[page.length - 1] as MessageRow;
    after = { at: last.createdAt, id: last.id };
    if (page.length < PAGE) return;
  }
}

interface FileRow {
  id: string;
  filename: string;
  originalName: string;
  mimeType: string;
  size: number;
  description: string | null;
  createdAt: unknown;
  channelName: string | null;
}

async function readFiles(db: Db, userId: string): Promise<FileRow[]> {
  return (await rows(
    db,
    sql`select f.id, f.filename, f.original_name as "originalName", f.mime_type as "mimeType",
      f.size, f.description, f.created_at as "createdAt", c.name as "channelName"
      from files f join channels c on c.id = f.channel_id
      where f.uploaded_by_id = ${userId}::uuid and not f.draft order by f.created_at`,
  )) as unknown as FileRow[];
}

/** A name safe inside the zip: no directories, no control characters. */
const zipName = (file: Pick<FileRow, 'id' | 'originalName'>) => {
  const safe = [...file.originalName]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 120);
  return `fichiers/${file.id}-${safe}`;
};

const channelLabel = (row: { channelName: string | null; channelType: string }) =>
  row.channelType === 'direct' ? 'Conversation directe' : `#${row.channelName ?? ''}`;

export type ExportProgress = (done: number, total: number) => Promise<void>;

/** Write the account's zip to `target`; `progress` is told as units (messages, files) are written. */
export async function writeAccountZip(
  db: Db,
  storage: FileStorage,
  userId: string,
  target: string,
  progress: ExportProgress,
): Promise<void> {
  const small = await readSmallCategories(db, userId);
  const files = await readFiles(db, userId);
  const [count] = await rows(
    db,
    sql`select count(*)::int as n from messages where user_id = ${userId}::uuid`,
  );
  const messageCount = Number(count?.n ?? 0);
  // Messages are read twice (JSON, then HTML), files once.
  const total = messageCount * 2 + files.length + 1;
  let done = 0;
  const advance = async (n: number) => {
    done += n;
    await progress(done, total);
  };

  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(target));
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  zip.addBuffer(json(small.profile), 'profil.json');
  zip.addBuffer(json(small.reactions), 'reactions.json');
  zip.addBuffer(json(small.tasks), 'taches.json');
  zip.addBuffer(json(small.events), 'evenements.json');
  zip.addBuffer(json({ friends: small.friends, requests: small.friendRequests }), 'amis.json');
  zip.addBuffer(json(small.settings), 'parametres.json');
  zip.addBuffer(
    json(
      files.map(({ filename: _key, ...file }) => ({
        ...file,
        path: zipName(file),
      })),
    ),
    'fichiers.json',
  );

  async function* messagesJson() {
    yield '[';
    let first = true;
    for await (const page of messagePages(db, userId)) {
      const chunk = page
        .map((m) => {
          const item = JSON.stringify({
            id: m.id,
            channel: { id: m.channelId, name: m.channelName, type: m.channelType },
            content: m.content,
            parentMessageId: m.parentMessageId,
            edited: m.edited,
            createdAt: m.createdAt,
            attachments: m.attachments,
          });
          const line = `${first ? '' : ','}\n  ${item}`;
          first = false;
          return line;
        })
        .join('');
      yield chunk;
      await advance(page.length);
    }
    yield '\n]\n';
  }
  zip.addReadStream(Readable.from(messagesJson()), 'messages.json');

  async function* html() {
    const p = small.profile ?? {};
    const name = escapeHtml(p.displayName ?? [p.firstName, p.lastName].filter(Boolean).join(' '));
    yield `<!doctype html>
<html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Vos données Ruche — ${name}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
.m{white-space:pre-wrap}</style></head><body>
<h1>Vos données Ruche</h1>
<h2>Profil</h2><table>`;
    for (const [key, value] of Object.entries(p)) {
      yield `<tr><th>${escapeHtml(key)}</th><td>${escapeHtml(iso(value))}</td></tr>`;
    }
    yield '</table>\n<h2>Messages</h2><table><tr><th>Date</th><th>Canal</th><th>Message</th></tr>\n';
    for await (const page of messagePages(db, userId)) {
      yield page
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.createdAt)}</td><td>${escapeHtml(channelLabel(m))}</td><td class="m">${escapeHtml(m.content)}</td></tr>\n`,
        )
        .join('');
      await advance(page.length);
    }
    yield '</table>\n';
    const section = (title: string, items: Row[], columns: string[]) =>
      `<h2>${escapeHtml(title)}</h2><table><tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>\n${items
        .map(
          (item) =>
            `<tr>${columns
              .map((c) => {
                const v = item[c];
                return `<td>${escapeHtml(typeof v === 'object' && v !== null && !(v instanceof Date) ? JSON.stringify(v) : iso(v))}</td>`;
              })
              .join('')}</tr>`,
        )
        .join('\n')}</table>\n`;
    yield section('Fichiers', files as unknown as Row[], [
      'originalName',
      'mimeType',
      'size',
      'channelName',
      'createdAt',
    ]);
    yield section('Réactions', small.reactions, ['emoji', 'channelName', 'createdAt']);
    yield section('Tâches', small.tasks, [
      'title',
      'description',
      'board',
      'list',
      'dueDate',
      'createdAt',
    ]);
    yield section('Événements', small.events, [
      'title',
      'description',
      'location',
      'startTime',
      'endTime',
    ]);
    yield section('Amis', small.friends, ['name', 'since']);
    yield section('Demandes d’ami', small.friendRequests, [
      'otherPerson',
      'sent',
      'status',
      'message',
      'createdAt',
    ]);
    yield section('Canaux et notifications', small.settings.channels, [
      'channelName',
      'channelType',
      'role',
      'notificationLevel',
      'muted',
      'joinedAt',
    ]);
    yield '</body></html>\n';
  }
  zip.addReadStream(Readable.from(html()), 'index.html');

  // Each file is opened only when the zip reaches it: one open object at a time.
  async function* fileBytes(file: FileRow) {
    const body = await storage.get(file.filename);
    if (body) for await (const chunk of body) yield chunk as Buffer;
    await advance(1);
  }
  for (const file of files) zip.addReadStream(Readable.from(fileBytes(file)), zipName(file));
  zip.end();
  await written;
  await advance(1);
}
