/**
 * Mattermost's bulk export (`mmctl export create`): JSONL, one object a line — version,
 * team, channel, user (with its teams' and channels' memberships), post (with replies,
 * reactions, attachments), direct_channel, direct_post, emoji — alone or in a zip with the
 * attachments under `data/`. Posts have no id in the format: a post is known by its channel,
 * author and time, as Mattermost's own import knows it.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { emojiFromShortName } from './emoji';
import type {
  ImportChannel,
  ImportData,
  ImportFile,
  ImportMessage,
  ImportReaction,
  ImportUser,
  Skip,
} from './model';
import { markedMentions, mentionMarker } from './mrkdwn';
import { openZip, type ZipArchive } from './zip';

interface MmReaction {
  user?: string;
  emoji_name?: string;
}
interface MmReply {
  user?: string;
  message?: string;
  create_at?: number;
  edit_at?: number;
  reactions?: MmReaction[] | null;
  attachments?: { path?: string }[] | null;
}
interface MmPost extends MmReply {
  team?: string;
  channel?: string;
  channel_members?: string[];
  replies?: MmReply[] | null;
}
interface MmLine {
  type: string;
  team?: { name: string; display_name?: string };
  channel?: {
    team: string;
    name: string;
    display_name?: string;
    type?: string;
    header?: string;
    purpose?: string;
  };
  user?: {
    username: string;
    email?: string;
    first_name?: string;
    last_name?: string;
    nickname?: string;
    teams?: { name: string; channels?: { name: string }[] | null }[] | null;
  };
  post?: MmPost;
  direct_channel?: { members?: string[]; participants?: { username: string }[]; header?: string };
  direct_post?: MmPost;
}

const blank = (value: string | undefined | null) => (value?.trim() ? value.trim() : null);
const nameOf = (user: ImportUser | undefined) =>
  user?.displayName ?? ([user?.firstName, user?.lastName].filter(Boolean).join(' ') || null);
const directKey = (members: string[]) => `dm:${[...new Set(members)].sort().join(',')}`;

/** `@username` of a known user: a mention marker; `@here`, `@channel`, `@all` stay text. */
function mentions(text: string, users: Map<string, ImportUser>): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at > 0 && /[\p{L}\p{N}_]/u.test(text[at - 1]!)) continue;
    let end = at + 1;
    while (end < text.length && /[a-z0-9._-]/i.test(text[end]!)) end++;
    let name = text.slice(at + 1, end).toLowerCase();
    // "@bob." at the end of a sentence: the dot is not the name's.
    while (name.endsWith('.') && !users.has(name)) {
      name = name.slice(0, -1);
      end--;
    }
    if (!users.has(name)) continue;
    out += text.slice(from, at) + mentionMarker(name);
    from = end;
  }
  return out + text.slice(from);
}

function groupReactions(list: MmReaction[] | null | undefined): ImportReaction[] {
  const byEmoji = new Map<string, string[]>();
  for (const r of list ?? []) {
    if (!r.user || !r.emoji_name) continue;
    const emoji = emojiFromShortName(r.emoji_name);
    byEmoji.set(emoji, [...(byEmoji.get(emoji) ?? []), r.user]);
  }
  return [...byEmoji].map(([emoji, userKeys]) => ({ emoji, userKeys }));
}

type Opener = (relative: string) => ImportFile['open'];

export async function readMattermostExport(file: string): Promise<ImportData> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new Error(`${file} : fichier introuvable`);
  if (file.endsWith('.jsonl') || file.endsWith('.json')) {
    const dir = path.dirname(file);
    const opener: Opener = (relative) => {
      // Only files beside the export: a path of the export never reaches out of its folder.
      const found = [path.join(dir, relative), path.join(dir, 'data', relative)].find(
        (candidate) =>
          path.resolve(candidate).startsWith(`${path.resolve(dir)}${path.sep}`) &&
          existsSync(candidate) &&
          statSync(candidate).isFile(),
      );
      return found
        ? async () => ({ stream: createReadStream(found), size: statSync(found).size })
        : { missing: 'pièce jointe absente à côté de l’export (export sans --attachments)' };
    };
    return read(createReadStream(file), opener, async () => {});
  }
  const zip = await openZip(file);
  try {
    const jsonl = zip.names().find((name) => name.endsWith('.jsonl'));
    if (!jsonl)
      throw new Error('aucun fichier .jsonl dans l’archive : ce n’est pas un export Mattermost');
    return await read(await zip.open(jsonl), zipOpener(zip), () => zip.close());
  } catch (error) {
    await zip.close();
    throw error;
  }
}

function zipOpener(zip: ZipArchive): Opener {
  return (relative) => {
    const found = [relative, `data/${relative}`].find((name) => zip.has(name));
    return found
      ? async () => ({ stream: await zip.open(found), size: zip.size(found) })
      : { missing: 'pièce jointe absente de l’archive (export sans --attachments)' };
  };
}

async function read(
  input: Readable,
  opener: Opener,
  close: () => Promise<void>,
): Promise<ImportData> {
  const skipped: Skip[] = [];
  const users = new Map<string, ImportUser>();
  const channels = new Map<string, ImportChannel>();
  const posts: { post: MmPost; direct: boolean }[] = [];
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const raw of lines) {
    if (!raw.trim()) continue;
    const line = JSON.parse(raw) as MmLine;
    if (line.type === 'channel' && line.channel) {
      const c = line.channel;
      channels.set(`${c.team}/${c.name}`, {
        key: `${c.team}/${c.name}`,
        name: blank(c.display_name) ?? c.name,
        description: blank(c.purpose) ?? blank(c.header),
        type: c.type === 'P' ? 'group' : 'channel',
        creatorKey: null,
        memberKeys: [],
        createdAt: null,
      });
    } else if (line.type === 'user' && line.user) {
      const u = line.user;
      const key = u.username.toLowerCase();
      users.set(key, {
        key,
        email: blank(u.email)?.toLowerCase() ?? null,
        firstName: blank(u.first_name),
        lastName: blank(u.last_name),
        displayName: blank(u.nickname),
      });
      for (const team of u.teams ?? []) {
        for (const c of team.channels ?? []) {
          channels.get(`${team.name}/${c.name}`)?.memberKeys.push(key);
        }
      }
    } else if (line.type === 'direct_channel' && line.direct_channel) {
      const members = (
        line.direct_channel.members ??
        line.direct_channel.participants?.map((p) => p.username) ??
        []
      ).map((m) => m.toLowerCase());
      directChannel(channels, members, users);
    } else if (line.type === 'post' && line.post) {
      posts.push({ post: line.post, direct: false });
    } else if (line.type === 'direct_post' && line.direct_post) {
      posts.push({ post: line.direct_post, direct: true });
    } else if (line.type === 'emoji') {
      skipped.push({ what: 'réaction', reason: 'émoji personnalisé (l’image n’est pas importée)' });
    }
  }

  const messages: ImportMessage[] = [];
  for (const { post, direct } of posts) {
    const members = (post.channel_members ?? []).map((m) => m.toLowerCase());
    const channelKey = direct
      ? directChannel(channels, members, users)?.key
      : `${post.team}/${post.channel}`;
    if (!channelKey || !channels.has(channelKey)) {
      skipped.push({ what: 'message', reason: 'canal absent de l’export' });
      continue;
    }
    const root = toMessage(post, channelKey, null, users, opener, skipped);
    if (!root) continue;
    messages.push(root);
    for (const reply of post.replies ?? []) {
      const message = toMessage(reply, channelKey, root.key, users, opener, skipped);
      if (message) messages.push(message);
    }
  }
  return {
    source: 'mattermost',
    users: [...users.values()],
    channels: [...channels.values()],
    messages,
    skipped,
    close,
  };
}

/** A direct (two people) or group (more) conversation, made once per set of members. */
function directChannel(
  channels: Map<string, ImportChannel>,
  members: string[],
  users: Map<string, ImportUser>,
): ImportChannel | undefined {
  const unique = [...new Set(members)];
  if (unique.length < 2) return undefined;
  const key = directKey(unique);
  let channel = channels.get(key);
  if (!channel) {
    // Named as Ruche names its own (features/channels/direct.ts): "A / B" for two people.
    const names = unique
      .map((m) => nameOf(users.get(m)) ?? m)
      .join(unique.length === 2 ? ' / ' : ', ');
    channel = {
      key,
      name: names,
      description: null,
      type: unique.length === 2 ? 'direct' : 'group',
      creatorKey: null,
      memberKeys: unique,
      createdAt: null,
    };
    channels.set(key, channel);
  }
  return channel;
}

function toMessage(
  post: MmReply,
  channelKey: string,
  parentKey: string | null,
  users: Map<string, ImportUser>,
  opener: Opener,
  skipped: Skip[],
): ImportMessage | null {
  const userKey = post.user?.toLowerCase();
  if (!userKey || !users.has(userKey) || !post.create_at) {
    skipped.push({ what: 'message', reason: 'auteur inconnu ou date absente' });
    return null;
  }
  const key = `${parentKey ?? channelKey}/${userKey}/${post.create_at}`;
  const content = mentions(post.message ?? '', users);
  return {
    key,
    channelKey,
    userKey,
    content,
    mentionKeys: markedMentions(content),
    createdAt: new Date(post.create_at),
    editedAt: post.edit_at ? new Date(post.edit_at) : null,
    parentKey,
    reactions: groupReactions(post.reactions),
    files: (post.attachments ?? []).flatMap((a, index) =>
      a.path
        ? [
            {
              key: `${key}#${index}`,
              name: path.posix.basename(a.path),
              mimeType: null,
              open: opener(a.path),
            },
          ]
        : [],
    ),
  };
}
