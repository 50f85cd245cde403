/**
 * Slack's standard workspace export (a zip): users.json, channels.json (public),
 * groups.json (private), dms.json and mpims.json when present, and one folder per
 * conversation (its name, or its id for direct messages) with one JSON file per day. File
 * bytes are imported when the archive holds them (`__uploads/<id>/<name>`, or
 * `<folder>/attachments/<id>-<name>`); a standard export only links to them, and they are
 * reported as skipped.
 */
import { emojiFromShortName } from './emoji';
import type {
  ImportChannel,
  ImportData,
  ImportFile,
  ImportMessage,
  ImportUser,
  Skip,
} from './model';
import { markedMentions, mrkdwnToMarkdown } from './mrkdwn';
import { openZip, type ZipArchive } from './zip';

interface SlackUser {
  id: string;
  name?: string;
  real_name?: string;
  is_bot?: boolean;
  profile?: {
    email?: string;
    first_name?: string;
    last_name?: string;
    real_name?: string;
    display_name?: string;
  };
}

interface SlackChannel {
  id: string;
  name?: string;
  created?: number;
  creator?: string;
  members?: string[];
  purpose?: { value?: string };
  topic?: { value?: string };
}

interface SlackFile {
  id?: string;
  name?: string;
  title?: string;
  mimetype?: string;
  mode?: string;
}

interface SlackMessage {
  type?: string;
  subtype?: string;
  ts?: string;
  user?: string;
  bot_id?: string;
  username?: string;
  text?: string;
  thread_ts?: string;
  edited?: { ts?: string };
  reactions?: { name: string; users?: string[] }[];
  files?: SlackFile[];
  /** An integration's message: often no text of its own, its words in the attachments. */
  attachments?: { fallback?: string; pretext?: string; text?: string }[];
  user_profile?: { real_name?: string; display_name?: string; first_name?: string };
}

/** Message subtypes that are someone's words; the others are the channel's own events. */
const SPOKEN = new Set([undefined, 'thread_broadcast', 'file_share', 'bot_message', 'me_message']);

const tsDate = (ts: string) => new Date(Math.round(Number(ts) * 1000));
const blank = (value: string | undefined) => (value?.trim() ? value.trim() : null);

async function readJson<T>(zip: ZipArchive, name: string, fallback: T): Promise<T> {
  const found = zip.names().find((entry) => entry === name || entry.endsWith(`/${name}`));
  if (!found) return fallback;
  return JSON.parse(await zip.readText(found)) as T;
}

/** The archive's folder prefix ("" or "export-name/") where users.json sits. */
function rootOf(zip: ZipArchive): string {
  const users = zip.names().find((name) => name === 'users.json' || name.endsWith('/users.json'));
  if (!users) throw new Error('users.json absent : ce n’est pas un export Slack');
  return users.slice(0, -'users.json'.length);
}

export async function readSlackExport(file: string): Promise<ImportData> {
  const zip = await openZip(file);
  try {
    return await read(zip);
  } catch (error) {
    await zip.close();
    throw error;
  }
}

async function read(zip: ZipArchive): Promise<ImportData> {
  const root = rootOf(zip);
  const skipped: Skip[] = [];
  const slackUsers = await readJson<SlackUser[]>(zip, `${root}users.json`, []);
  const users = new Map<string, ImportUser>();
  for (const u of slackUsers) {
    users.set(u.id, {
      key: u.id,
      email: blank(u.profile?.email)?.toLowerCase() ?? null,
      firstName: blank(u.profile?.first_name),
      lastName: blank(u.profile?.last_name),
      displayName:
        blank(u.profile?.display_name) ??
        blank(u.profile?.real_name) ??
        blank(u.real_name) ??
        blank(u.name),
    });
  }

  const conversations: { channel: ImportChannel; folders: string[] }[] = [];
  const named = new Map<string, string>();
  const add = (c: SlackChannel, type: ImportChannel['type'], folders: string[], name: string) => {
    named.set(c.id, name);
    conversations.push({
      folders,
      channel: {
        key: c.id,
        name,
        description: blank(c.purpose?.value) ?? blank(c.topic?.value),
        type,
        creatorKey: c.creator ?? null,
        memberKeys: c.members ?? [],
        createdAt: c.created ? new Date(c.created * 1000) : null,
      },
    });
  };
  for (const c of await readJson<SlackChannel[]>(zip, `${root}channels.json`, [])) {
    add(c, 'channel', [c.name ?? c.id, c.id], c.name ?? c.id);
  }
  for (const c of await readJson<SlackChannel[]>(zip, `${root}groups.json`, [])) {
    add(c, 'group', [c.name ?? c.id, c.id], c.name ?? c.id);
  }
  // Named as Ruche names its own (features/channels/direct.ts): "A / B" for two people.
  const memberNames = (members: string[] | undefined, separator = ', ') =>
    (members ?? []).map((id) => users.get(id)?.displayName ?? id).join(separator);
  for (const c of await readJson<SlackChannel[]>(zip, `${root}mpims.json`, [])) {
    add(c, 'group', [c.name ?? c.id, c.id], memberNames(c.members) || (c.name ?? c.id));
  }
  for (const c of await readJson<SlackChannel[]>(zip, `${root}dms.json`, [])) {
    if ((c.members ?? []).length !== 2 || c.members?.[0] === c.members?.[1]) {
      // A conversation with oneself: Ruche has none (docs/product.md §10.3).
      skipped.push({ what: 'canal', reason: 'conversation avec soi-même' });
      continue;
    }
    add(c, 'direct', [c.id], memberNames(c.members, ' / '));
  }

  // Where the archive holds a file's bytes, by Slack file id.
  const fileEntries = new Map<string, string>();
  for (const name of zip.names()) {
    const rel = name.slice(root.length);
    const upload = /^__uploads\/([^/]+)\/[^/]+$/.exec(rel);
    const attached = /^[^/]+\/attachments\/([A-Z0-9]+)-[^/]+$/.exec(rel);
    const id = upload?.[1] ?? attached?.[1];
    if (id) fileEntries.set(id, name);
  }

  const messages: ImportMessage[] = [];
  const ctx = { channelName: (id: string) => named.get(id) };
  for (const { channel, folders } of conversations) {
    const folder = folders.find((f) => zip.names().some((n) => n.startsWith(`${root}${f}/`)));
    if (!folder) continue;
    const days = zip
      .names()
      .filter((n) => n.startsWith(`${root}${folder}/`) && /\/\d{4}-\d{2}-\d{2}\.json$/.test(n))
      .sort();
    for (const day of days) {
      const list = JSON.parse(await zip.readText(day)) as SlackMessage[];
      for (const m of list) {
        const message = toMessage(m, channel.key, users, fileEntries, zip, ctx, skipped);
        if (message) messages.push(message);
      }
    }
  }
  return {
    source: 'slack',
    users: [...users.values()],
    channels: conversations.map((c) => c.channel),
    messages,
    skipped,
    close: () => zip.close(),
  };
}

function toMessage(
  m: SlackMessage,
  channelKey: string,
  users: Map<string, ImportUser>,
  fileEntries: Map<string, string>,
  zip: ZipArchive,
  ctx: { channelName: (id: string) => string | undefined },
  skipped: Skip[],
): ImportMessage | null {
  if (m.type !== 'message' || !m.ts) return null;
  if (!SPOKEN.has(m.subtype)) {
    skipped.push({ what: 'message', reason: `événement du canal (${m.subtype})` });
    return null;
  }
  let userKey = m.user;
  if (!userKey && m.bot_id) {
    userKey = `bot:${m.bot_id}`;
    if (!users.has(userKey)) {
      users.set(userKey, {
        key: userKey,
        email: null,
        firstName: null,
        lastName: null,
        displayName: blank(m.username) ?? 'Bot',
      });
    }
  }
  if (!userKey) {
    skipped.push({ what: 'message', reason: 'auteur absent' });
    return null;
  }
  if (!users.has(userKey)) {
    // Someone of another workspace (a shared channel): known by the profile in the message.
    const profile = m.user_profile;
    users.set(userKey, {
      key: userKey,
      email: null,
      firstName: blank(profile?.first_name),
      lastName: null,
      displayName: blank(profile?.display_name) ?? blank(profile?.real_name) ?? userKey,
    });
  }
  const text = m.text?.trim()
    ? m.text
    : (m.attachments ?? [])
        .map((a) => a.fallback ?? [a.pretext, a.text].filter(Boolean).join('\n'))
        .filter(Boolean)
        .join('\n');
  const content = mrkdwnToMarkdown(text, ctx);
  const files: ImportFile[] = [];
  for (const f of m.files ?? []) {
    if (!f.id || f.mode === 'tombstone' || f.mode === 'hidden_by_limit') {
      skipped.push({ what: 'fichier', reason: 'fichier supprimé ou masqué dans Slack' });
      continue;
    }
    const entry = fileEntries.get(f.id);
    files.push({
      key: f.id,
      name: f.name ?? f.title ?? f.id,
      mimeType: f.mimetype ?? null,
      open: entry
        ? async () => ({ stream: await zip.open(entry), size: zip.size(entry) })
        : { missing: 'fichier absent de l’export (Slack n’y met qu’un lien)' },
    });
  }
  return {
    key: `${channelKey}/${m.ts}`,
    channelKey,
    userKey,
    content,
    mentionKeys: markedMentions(content),
    createdAt: tsDate(m.ts),
    editedAt: m.edited?.ts ? tsDate(m.edited.ts) : null,
    parentKey: m.thread_ts && m.thread_ts !== m.ts ? `${channelKey}/${m.thread_ts}` : null,
    reactions: (m.reactions ?? []).map((r) => ({
      emoji: emojiFromShortName(r.name),
      userKeys: r.users ?? [],
    })),
    files,
  };
}
