/**
 * Stores what an export holds (model.ts) in Ruche: people (matched by email, else an
 * unclaimed account made for them: auth/claim.ts), conversations and their members,
 * messages with their time, author, thread, edit, reactions and files, in batches, each in
 * one transaction with its import_map rows — a second run, or a run after an interruption,
 * finds them there and creates nothing twice. Read positions end at the last message: the
 * history arrives read (docs/operations.md, "Importing from Slack or Mattermost").
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { CUSTOM_EMOJI_CODE_RE } from '#shared/emoji';
import { fileDownloadUrl } from '#shared/files';
import {
  ATTACHMENT_PLACEHOLDER,
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  MESSAGE_CONTENT_MAX,
  REACTION_EMOJI_MAX,
} from '#shared/limits';
import { userDisplayName } from '#shared/user-names';
import { users } from '../auth/schema';
import { createUser, findUserByEmail } from '../auth/users';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { joinDefaultChannel } from '../features/channels/default-channel';
import { directKeyFor } from '../features/channels/direct';
import { channelMembers, channels } from '../features/channels/schema';
import { detectFileType, makeThumbnail } from '../features/files/inspect';
import { files } from '../features/files/schema';
import { type FileStorage, uploadTempDir } from '../features/files/storage';
import type { AttachmentItem } from '../features/messages/schema';
import { messages, reactions, threadFollows } from '../features/messages/schema';
import { createDefaultPreferences } from '../features/notifications/preferences';
import type {
  ImportChannel,
  ImportData,
  ImportFile,
  ImportMessage,
  ImportUser,
  Skip,
} from './model';
import { resolveMentions } from './mrkdwn';
import { importMap } from './schema';

/** Messages stored per transaction. */
export const BATCH_SIZE = 500;

export interface ImportReport {
  users: { matched: number; created: number; already: number };
  channels: { created: number; reused: number; already: number };
  messages: { imported: number; already: number };
  reactions: number;
  files: { imported: number; already: number };
  skipped: Map<string, number>;
}

export interface WriteOptions {
  db: Db;
  config: Config;
  storage: FileStorage;
  /** After each batch: messages handled so far (imported or already there) of `total`. */
  onProgress?: (done: number, total: number) => void;
  /** Stops after this many batches (tests: an interrupted run). */
  stopAfterBatches?: number;
}

type Kind = 'user' | 'channel' | 'message' | 'file';

export class ImportInterrupted extends Error {}

/** The import cannot start: said to the operator as it is, in French. */
export class ImportRefused extends Error {}

export async function writeImport(data: ImportData, options: WriteOptions): Promise<ImportReport> {
  const { db } = options;
  const { source } = data;
  const report: ImportReport = {
    users: { matched: 0, created: 0, already: 0 },
    channels: { created: 0, reused: 0, already: 0 },
    messages: { imported: 0, already: 0 },
    reactions: 0,
    files: { imported: 0, already: 0 },
    skipped: new Map(),
  };
  const skip = ({ what, reason }: Skip) => {
    const label = `${what} : ${reason}`;
    report.skipped.set(label, (report.skipped.get(label) ?? 0) + 1);
  };
  for (const skipped of data.skipped) skip(skipped);

  // The first account to sign up administers the workspace (auth/local.ts): imported people
  // would take that from whoever signs up first, so someone must administer it already.
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  if (!admin) {
    throw new ImportRefused(
      'Aucun administrateur dans cet espace : créez d’abord votre compte (le premier compte l’administre), puis relancez l’import.',
    );
  }

  const mapped = new Map<Kind, Map<string, string>>();
  for (const kind of ['user', 'channel', 'message', 'file'] as const) mapped.set(kind, new Map());
  const rows = await db
    .select({ kind: importMap.kind, externalId: importMap.externalId, rucheId: importMap.rucheId })
    .from(importMap)
    .where(eq(importMap.source, source));
  for (const row of rows) mapped.get(row.kind as Kind)?.set(row.externalId, row.rucheId);
  const mapRow = (kind: Kind, externalId: string, rucheId: string) => ({
    source,
    kind,
    externalId,
    rucheId,
  });

  // People.
  const userIds = new Map<string, string>();
  const names = new Map<string, string>();
  const mappedUsers = [...mapped.get('user')!.values()];
  const existing = new Set(
    mappedUsers.length === 0
      ? []
      : (await db.select({ id: users.id }).from(users).where(inArray(users.id, mappedUsers))).map(
          (r) => r.id,
        ),
  );
  for (const person of data.users) {
    const id = mapped.get('user')!.get(person.key);
    if (id && existing.has(id)) {
      userIds.set(person.key, id);
      report.users.already++;
      continue;
    }
    const owner = person.email ? await findUserByEmail(db, person.email) : undefined;
    if (owner) {
      await db
        .insert(importMap)
        .values(mapRow('user', person.key, owner.id))
        .onConflictDoUpdate({
          target: [importMap.source, importMap.kind, importMap.externalId],
          set: { rucheId: owner.id },
        });
      userIds.set(person.key, owner.id);
      report.users.matched++;
      continue;
    }
    userIds.set(person.key, await createPlaceholder(db, options.config, person, mapRow));
    report.users.created++;
  }
  const nameRows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds.values())]));
  const byId = new Map(nameRows.map((row) => [row.id, userDisplayName(row) ?? row.id]));
  for (const [key, id] of userIds) names.set(key, byId.get(id) ?? key);

  // Conversations, with their members: those listed and whoever wrote in them.
  const byChannel = new Map<string, ImportMessage[]>();
  for (const message of data.messages) {
    const list = byChannel.get(message.channelKey) ?? [];
    list.push(message);
    byChannel.set(message.channelKey, list);
  }
  const channelIds = new Map<string, string>();
  for (const channel of data.channels) {
    const memberKeys = new Set(channel.memberKeys);
    for (const m of byChannel.get(channel.key) ?? []) memberKeys.add(m.userKey);
    const members = [...memberKeys].flatMap((key) => {
      const id = userIds.get(key);
      return id ? [id] : [];
    });
    const id = await writeChannel(
      db,
      channel,
      members,
      userIds,
      mapped.get('channel')!,
      mapRow,
      report,
    );
    if (id) channelIds.set(channel.key, id);
    else skip({ what: 'canal', reason: 'conversation directe dont une personne manque' });
  }

  // Messages, channel by channel, oldest first: seqs follow the original order.
  const total = data.messages.length;
  let done = 0;
  let batches = 0;
  const messageIds = mapped.get('message')!;
  const fileIds = mapped.get('file')!;
  const tempDir = uploadTempDir(options.config);
  await mkdir(tempDir, { recursive: true });
  for (const [channelKey, list] of byChannel) {
    const channelId = channelIds.get(channelKey);
    if (!channelId) {
      for (const _ of list) skip({ what: 'message', reason: 'canal non importé' });
      done += list.length;
      continue;
    }
    list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.key < b.key ? -1 : 1));
    const pending = list.filter((m) => {
      if (!messageIds.has(m.key)) return true;
      report.messages.already++;
      return false;
    });
    done += list.length - pending.length;
    for (let at = 0; at < pending.length; at += BATCH_SIZE) {
      if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) {
        throw new ImportInterrupted('import interrompu');
      }
      const batch = pending.slice(at, at + BATCH_SIZE);
      await writeBatch(db, options.storage, tempDir, channelId, batch, {
        userIds,
        names,
        messageIds,
        fileIds,
        mapRow,
        report,
        skip,
      });
      batches++;
      done += batch.length;
      options.onProgress?.(done, total);
    }
  }
  options.onProgress?.(total, total);

  // The history arrives read: every member's read position at its channel's last message.
  const ids = [...channelIds.values()];
  if (ids.length > 0) {
    await db.execute(sql`
      update ${channelMembers} cm set last_read_seq = c.last_seq, last_read_at = now()
      from ${channels} c
      where c.id = cm.channel_id and cm.channel_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }
  return report;
}

async function createPlaceholder(
  db: Db,
  config: WriteOptions['config'],
  person: ImportUser,
  mapRow: (kind: Kind, externalId: string, rucheId: string) => typeof importMap.$inferInsert,
): Promise<string> {
  return db.transaction(async (tx) => {
    // No password and no provider: nobody signs in to it until its owner claims it by
    // proving the address (auth/claim.ts). The export's address was the source's.
    const row = await createUser(tx, {
      email: person.email && person.email.length <= EMAIL_MAX ? person.email : null,
      firstName: person.firstName?.slice(0, 100) ?? null,
      lastName: person.lastName?.slice(0, 100) ?? null,
      emailVerifiedAt: person.email ? new Date() : null,
    });
    await tx
      .update(users)
      .set({
        displayName: person.displayName?.slice(0, DISPLAY_NAME_MAX) ?? null,
        status: 'offline',
        chosenStatus: 'offline',
      })
      .where(eq(users.id, row.id));
    // What every account gets (auth/new-account.ts's userCreated steps).
    await createDefaultPreferences(tx, row.id);
    if (config.defaultChannel) await joinDefaultChannel(tx, row.id, config.defaultChannel);
    await tx
      .insert(importMap)
      .values(mapRow('user', person.key, row.id))
      .onConflictDoUpdate({
        target: [importMap.source, importMap.kind, importMap.externalId],
        set: { rucheId: row.id },
      });
    return row.id;
  });
}

async function writeChannel(
  db: Db,
  channel: ImportChannel,
  members: string[],
  userIds: Map<string, string>,
  mappedChannels: Map<string, string>,
  mapRow: (kind: Kind, externalId: string, rucheId: string) => typeof importMap.$inferInsert,
  report: ImportReport,
): Promise<string | null> {
  const creator = channel.creatorKey ? userIds.get(channel.creatorKey) : undefined;
  const roleOf = (userId: string) =>
    userId === creator ? ('owner' as const) : ('member' as const);
  const addMembers = (tx: Db | Tx, channelId: string) =>
    members.length === 0
      ? Promise.resolve()
      : tx
          .insert(channelMembers)
          .values(members.map((userId) => ({ channelId, userId, role: roleOf(userId) })))
          .onConflictDoNothing({ target: [channelMembers.channelId, channelMembers.userId] });

  const known = mappedChannels.get(channel.key);
  if (known) {
    const [row] = await db.select({ id: channels.id }).from(channels).where(eq(channels.id, known));
    if (row) {
      await addMembers(db, row.id);
      report.channels.already++;
      return row.id;
    }
  }
  const directKey =
    channel.type === 'direct'
      ? members.length === 2 && members[0] !== members[1]
        ? directKeyFor(members[0]!, members[1]!)
        : null
      : undefined;
  if (directKey === null) return null;
  return db.transaction(async (tx) => {
    // One pair, one direct channel: the one they already have in Ruche takes the history.
    const [reused] = directKey
      ? await tx.select({ id: channels.id }).from(channels).where(eq(channels.directKey, directKey))
      : [];
    let id = reused?.id;
    if (id) {
      report.channels.reused++;
    } else {
      const [made] = await tx
        .insert(channels)
        .values({
          name: channel.name.slice(0, CHANNEL_NAME_MAX) || channel.key,
          description: channel.description?.slice(0, CHANNEL_DESCRIPTION_MAX) ?? null,
          type: channel.type,
          createdById: creator ?? null,
          directKey: directKey ?? null,
          ...(channel.createdAt ? { createdAt: channel.createdAt } : {}),
        })
        .returning({ id: channels.id });
      id = made!.id;
      report.channels.created++;
    }
    await addMembers(tx, id);
    await tx
      .insert(importMap)
      .values(mapRow('channel', channel.key, id))
      .onConflictDoUpdate({
        target: [importMap.source, importMap.kind, importMap.externalId],
        set: { rucheId: id },
      });
    return id;
  });
}

interface BatchContext {
  userIds: Map<string, string>;
  names: Map<string, string>;
  messageIds: Map<string, string>;
  fileIds: Map<string, string>;
  mapRow: (kind: Kind, externalId: string, rucheId: string) => typeof importMap.$inferInsert;
  report: ImportReport;
  skip: (skipped: Skip) => void;
}

interface StoredFile {
  row: typeof files.$inferInsert & { id: string };
  key: string;
  keys: string[];
}

/** A file's bytes into the file store (docs/files.md): type from the bytes, a thumbnail. */
async function storeFile(
  storage: FileStorage,
  tempDir: string,
  channelId: string,
  file: ImportFile,
  skip: (skipped: Skip) => void,
): Promise<StoredFile | null> {
  if (typeof file.open !== 'function') {
    skip({ what: 'fichier', reason: file.open.missing });
    return null;
  }
  const temp = path.join(tempDir, `import-${randomBytes(12).toString('hex')}`);
  const keys: string[] = [];
  try {
    const { stream, size } = await file.open();
    await pipeline(stream, createWriteStream(temp));
    let mimeType: string;
    try {
      mimeType = await detectFileType(temp, size);
    } catch {
      skip({ what: 'fichier', reason: 'vide, ou d’un type que Ruche refuse' });
      return null;
    }
    const thumbnail = await makeThumbnail(temp, mimeType).catch(() => null);
    const id = randomUUID();
    const key = `${channelId}/${randomBytes(16).toString('hex')}`;
    await storage.put(key, { path: temp, size }, mimeType);
    keys.push(key);
    const thumbnailKey = thumbnail ? `${key}.thumb.webp` : null;
    if (thumbnail && thumbnailKey) {
      await storage.put(thumbnailKey, { bytes: thumbnail }, 'image/webp');
      keys.push(thumbnailKey);
    }
    return {
      key: file.key,
      keys,
      row: {
        id,
        channelId,
        filename: key,
        originalName: file.name.slice(0, 255),
        mimeType,
        size,
        url: fileDownloadUrl(id),
        thumbnail: thumbnailKey,
        thumbnailSize: thumbnail?.length ?? null,
      },
    };
  } catch (error) {
    await storage.remove(keys).catch(() => {});
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Why a reaction of the export cannot be kept, or null. A custom emoji of the source keeps its
 * `:nom:` (2 to 32 of a-z, 0-9, _ and -, as reactions accept it) even when Ruche has no such
 * emoji: the message then shows the name as text (docs/product.md, custom emoji).
 */
export function refusedReaction(emoji: string): string | null {
  if (emoji.startsWith(':')) {
    return CUSTOM_EMOJI_CODE_RE.test(emoji)
      ? null
      : `émoji personnalisé au nom que Ruche n’accepte pas, 2 à 32 caractères a-z, 0-9, _ ou - (${emoji})`;
  }
  return [...emoji].length > REACTION_EMOJI_MAX ? `émoji trop long (${emoji})` : null;
}

async function writeBatch(
  db: Db,
  storage: FileStorage,
  tempDir: string,
  channelId: string,
  batch: ImportMessage[],
  ctx: BatchContext,
): Promise<void> {
  const { userIds, names, messageIds, fileIds, report, skip } = ctx;
  // Files first, outside the transaction (the store's bytes are not transactional): a batch
  // that fails after removes them again.
  const stored = new Map<string, StoredFile[]>();
  for (const message of batch) {
    const list: StoredFile[] = [];
    for (const file of message.files) {
      if (fileIds.has(file.key)) {
        report.files.already++;
        continue;
      }
      const one = await storeFile(storage, tempDir, channelId, file, skip);
      if (one) list.push(one);
    }
    stored.set(message.key, list);
  }
  const allKeys = [...stored.values()].flat().flatMap((f) => f.keys);
  const thisBatch = new Map<string, string>();
  try {
    await db.transaction(async (tx) => {
      const rows: (typeof messages.$inferInsert & { id: string; userId: string })[] = [];
      const keys: string[] = [];
      for (const message of batch) {
        const userId = userIds.get(message.userKey);
        if (!userId) {
          skip({ what: 'message', reason: 'auteur absent de l’export' });
          continue;
        }
        const attached = stored.get(message.key) ?? [];
        let content = resolveMentions(message.content, (key) => names.get(key) ?? key).trim();
        if (!content && attached.length === 0) {
          skip({ what: 'message', reason: 'vide (pièces jointes absentes de l’export)' });
          continue;
        }
        if (content.length > MESSAGE_CONTENT_MAX) {
          content = `${content.slice(0, MESSAGE_CONTENT_MAX - 1)}…`;
          skip({ what: 'message', reason: 'texte coupé à 10 000 caractères (importé)' });
        }
        const parent = message.parentKey
          ? (thisBatch.get(message.parentKey) ?? messageIds.get(message.parentKey))
          : undefined;
        if (message.parentKey && !parent) {
          skip({
            what: 'message',
            reason: 'réponse dont le message d’origine manque (importée hors fil)',
          });
        }
        const id = randomUUID();
        thisBatch.set(message.key, id);
        keys.push(message.key);
        rows.push({
          id,
          channelId,
          userId,
          content: content || ATTACHMENT_PLACEHOLDER,
          mentions: [...new Set(message.mentionKeys.flatMap((key) => userIds.get(key) ?? []))],
          attachments: attached.map(
            (f): AttachmentItem => ({
              id: f.row.id,
              name: f.row.originalName,
              url: f.row.url,
              size: f.row.size,
              mimeType: f.row.mimeType,
            }),
          ),
          parentMessageId: parent ?? null,
          edited: message.editedAt !== null,
          seq: 0,
          createdAt: message.createdAt,
          updatedAt: message.editedAt ?? message.createdAt,
        });
      }
      if (rows.length === 0) return;
      const [bumped] = await tx
        .update(channels)
        .set({ lastSeq: sql`${channels.lastSeq} + ${rows.length}` })
        .where(eq(channels.id, channelId))
        .returning({ lastSeq: channels.lastSeq });
      const first = bumped!.lastSeq - rows.length + 1;
      rows.forEach((row, index) => {
        row.seq = first + index;
      });
      await tx.insert(messages).values(rows);

      const fileRows = rows.flatMap((row, index) =>
        (stored.get(keys[index]!) ?? []).map((f) => ({
          ...f.row,
          uploadedById: row.userId,
          messageId: row.id,
          threadParentId: row.parentMessageId ?? null,
          createdAt: row.createdAt,
        })),
      );
      if (fileRows.length > 0) await tx.insert(files).values(fileRows);

      const reactionRows = batch.flatMap((message) => {
        const messageId = thisBatch.get(message.key);
        if (!messageId) return [];
        return message.reactions.flatMap((r) => {
          const refused = refusedReaction(r.emoji);
          if (refused) {
            skip({ what: 'réaction', reason: refused });
            return [];
          }
          return r.userKeys.flatMap((key) => {
            const userId = userIds.get(key);
            if (!userId) {
              skip({ what: 'réaction', reason: 'personne absente de l’export' });
              return [];
            }
            return [{ messageId, userId, emoji: r.emoji, createdAt: message.createdAt }];
          });
        });
      });
      if (reactionRows.length > 0) {
        const added = await tx
          .insert(reactions)
          .values(reactionRows)
          .onConflictDoNothing()
          .returning({ id: reactions.id });
        report.reactions += added.length;
      }

      // Threads are followed by their author and their repliers, read to their last reply.
      const follows = new Map<string, typeof threadFollows.$inferInsert>();
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const row of rows) {
        if (!row.parentMessageId) continue;
        const parentAuthor =
          byId.get(row.parentMessageId)?.userId ??
          (
            await tx
              .select({ userId: messages.userId })
              .from(messages)
              .where(eq(messages.id, row.parentMessageId))
          )[0]?.userId;
        for (const userId of [row.userId, parentAuthor]) {
          if (!userId) continue;
          follows.set(`${userId}:${row.parentMessageId}`, {
            userId,
            parentMessageId: row.parentMessageId,
            channelId,
            lastReadSeq: row.seq,
          });
        }
      }
      if (follows.size > 0) {
        await tx
          .insert(threadFollows)
          .values([...follows.values()])
          .onConflictDoUpdate({
            target: [threadFollows.userId, threadFollows.parentMessageId],
            set: {
              lastReadSeq: sql`greatest(${threadFollows.lastReadSeq}, excluded.last_read_seq)`,
            },
          });
      }

      await tx
        .insert(importMap)
        .values([
          ...rows.map((row, index) => ctx.mapRow('message', keys[index]!, row.id)),
          ...[...stored.values()].flat().map((f) => ctx.mapRow('file', f.key, f.row.id)),
        ]);
      report.messages.imported += rows.length;
      report.files.imported += fileRows.length;
    });
  } catch (error) {
    await storage.remove(allKeys).catch(() => {});
    throw error;
  }
  for (const [key, id] of thisBatch) messageIds.set(key, id);
  for (const f of [...stored.values()].flat()) fileIds.set(f.key, f.row.id);
}
