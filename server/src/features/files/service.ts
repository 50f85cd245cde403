import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type ChannelFile, FILE_NOT_FOUND, fileDownloadUrl } from '#shared/files';
import type { MemberRole } from '#shared/limits';
import { users } from '../../auth/schema';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { getMemberRole } from '../channels/membership';
import { channelTopic } from '../channels/topics';
import { type Deps, publish } from '../deps';
import { detectFileType, makeThumbnail } from './inspect';
import type { ReceivedUpload } from './intake';
import { type FileRow, presentFile } from './presenter';
import { checkRoom, recordWithinQuota, uploadRoom } from './quota';
import { files } from './schema';
import type { FileStorage } from './storage';

const LIST_MAX = 1000;

const uploaderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  email: users.email,
};

/**
 * Checks a received upload from its bytes, stores it under a random key with its thumbnail,
 * then records it (docs/files.md). The bytes are stored first: a row never points at nothing,
 * and if the insert fails the stored objects are removed. The temporary file is gone after.
 * Quotas (docs/files.md, "Quotas"): the original and its thumbnail must fit the room left
 * before they are stored, and still fit when the row is written under the quota's lock —
 * else the stored objects are removed as for any failed insert.
 */
export async function storeUpload(
  deps: Deps & { quotas: Config['files'] },
  storage: FileStorage,
  userId: string,
  channelId: string,
  upload: ReceivedUpload,
): Promise<ChannelFile> {
  const keys: string[] = [];
  try {
    const mimeType = await detectFileType(upload.tempPath, upload.size);
    const thumbnail = await makeThumbnail(upload.tempPath, mimeType);
    const bytes = upload.size + (thumbnail?.length ?? 0);
    checkRoom(await uploadRoom(deps.db, deps.quotas, userId), bytes);
    const id = randomUUID();
    const key = `${channelId}/${randomBytes(16).toString('hex')}`;
    await storage.put(key, { path: upload.tempPath, size: upload.size }, mimeType);
    keys.push(key);
    const thumbnailKey = thumbnail ? `${key}.thumb.webp` : null;
    if (thumbnail && thumbnailKey) {
      await storage.put(thumbnailKey, { bytes: thumbnail }, 'image/webp');
      keys.push(thumbnailKey);
    }
    const [row] = await recordWithinQuota(deps.db, deps.quotas, userId, bytes, (tx) =>
      tx
        .insert(files)
        .values({
          id,
          channelId,
          uploadedById: userId,
          filename: key,
          originalName: upload.originalName,
          mimeType,
          size: upload.size,
          url: fileDownloadUrl(id),
          description: upload.fields.description,
          thumbnail: thumbnailKey,
          thumbnailSize: thumbnail?.length ?? null,
          draft: upload.fields.draft,
        })
        .returning(),
    );
    const file = await presentWithUploader(deps.db, row!);
    // A draft is news to the channel only once its message is sent (linkAttachments).
    if (!row!.draft) await announceFile(deps, file);
    return file;
  } catch (err) {
    await storage.remove(keys).catch(() => {});
    throw err;
  } finally {
    await rm(upload.tempPath, { force: true });
  }
}

async function announceFile(deps: Deps, file: ChannelFile): Promise<void> {
  const { channelId } = file;
  await publish(deps, 'file_added', () =>
    deps.realtime.toTopic(channelTopic(channelId), { type: 'file_added', channelId, file }),
  );
}

async function presentWithUploader(db: Db, row: FileRow): Promise<ChannelFile> {
  if (!row.uploadedById) return presentFile(row, null);
  const [uploader] = await db
    .select(uploaderColumns)
    .from(users)
    .where(eq(users.id, row.uploadedById));
  return presentFile(row, uploader ?? null);
}

/**
 * GET /api/channels/{id}/files: newest first (docs/product.md §2, the files tab); drafts,
 * not sent yet, are nobody's to list (docs/files.md, "Drafts").
 */
export async function listChannelFiles(db: Db, channelId: string): Promise<ChannelFile[]> {
  const rows = await db
    .select({ file: files, uploader: uploaderColumns })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedById))
    .where(and(eq(files.channelId, channelId), eq(files.draft, false)))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(LIST_MAX);
  return rows.map(({ file, uploader }) => presentFile(file, uploader?.id ? uploader : null));
}

/**
 * A file the user may reach, with their role in its channel: a current member of that
 * channel only, and while it is a draft, its uploader only (docs/files.md, "Drafts").
 * Anyone else gets the same 404 as for a file that never existed.
 */
export async function findFileFor(
  db: Db,
  userId: string,
  fileId: string,
): Promise<{ file: FileRow; role: MemberRole }> {
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file || (file.draft && file.uploadedById !== userId)) throw notFound(FILE_NOT_FOUND);
  const role = await getMemberRole(db, file.channelId, userId);
  if (!role) throw notFound(FILE_NOT_FOUND);
  return { file, role };
}

/** The stored bytes of a file (or of its thumbnail); 404 when the store lost them. */
export async function openFile(storage: FileStorage, key: string | null): Promise<Readable> {
  const stream = key ? await storage.get(key) : null;
  if (!stream) throw notFound(FILE_NOT_FOUND);
  return stream;
}

/** DELETE /api/files/{id}: its uploader or the channel's owner (docs/files.md). */
export async function deleteFile(
  deps: Deps,
  storage: FileStorage,
  userId: string,
  fileId: string,
): Promise<void> {
  const { file, role } = await findFileFor(deps.db, userId, fileId);
  if (file.uploadedById !== userId && role !== 'owner') {
    throw forbidden(
      'Seuls la personne qui a envoyé le fichier et le propriétaire du canal peuvent le supprimer',
    );
  }
  const removed = await deps.db.delete(files).where(eq(files.id, fileId)).returning();
  await forgetFiles(deps, storage, removed);
}

/** After the rows are gone: their bytes, then the news to the channel. */
async function forgetFiles(deps: Deps, storage: FileStorage, rows: FileRow[]): Promise<void> {
  if (rows.length === 0) return;
  const keys = rows.flatMap((row) =>
    row.thumbnail ? [row.filename, row.thumbnail] : [row.filename],
  );
  try {
    await storage.remove(keys);
  } catch (err) {
    deps.log.warn({ err, keys }, 'file bytes could not be removed');
  }
  for (const row of rows) {
    await publish(deps, 'file_deleted', () =>
      deps.realtime.toTopic(channelTopic(row.channelId), {
        type: 'file_deleted',
        channelId: row.channelId,
        fileId: row.id,
      }),
    );
  }
}

/**
 * A sent message's attachments that are files of ours, uploaded by its author to its
 * channel and not yet sent, now belong to it: deleting the message deletes them. A draft
 * among them is now the channel's: listed, reachable by its members, announced.
 */
export async function linkAttachments(
  deps: Deps,
  message: { id: string; channelId: string; userId: string; parentMessageId: string | null },
  fileIds: string[],
): Promise<void> {
  if (fileIds.length === 0) return;
  // One statement, started as the message's event is published and so before the message
  // reaches the channel: a member who loads the image at once finds it shared. `prior` is
  // read from the statement's snapshot, before the update: which of them were drafts.
  const ids = sql.join(
    fileIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const linked = await deps.db.execute<{ id: string; was_draft: boolean }>(sql`
    update ${files} set message_id = ${message.id}, thread_parent_id = ${message.parentMessageId},
      draft = false
    from (select id, draft from ${files} where id in (${ids})) as prior
    where ${files.id} = prior.id and ${files.channelId} = ${message.channelId}
      and ${files.uploadedById} = ${message.userId} and ${files.messageId} is null
    returning ${files.id} as id, prior.draft as was_draft`);
  const drafts = linked.filter((row) => row.was_draft).map((row) => row.id);
  if (drafts.length === 0) return;
  const rows = await deps.db.select().from(files).where(inArray(files.id, drafts));
  for (const row of rows) await announceFile(deps, await presentWithUploader(deps.db, row));
}

/** A deleted message takes its files with it, and so does a thread parent its replies'. */
export async function deleteMessageFiles(
  deps: Deps,
  storage: FileStorage,
  channelId: string,
  messageId: string,
): Promise<void> {
  const removed = await deps.db
    .delete(files)
    .where(
      and(
        eq(files.channelId, channelId),
        or(eq(files.messageId, messageId), eq(files.threadParentId, messageId)),
      ),
    )
    .returning();
  await forgetFiles(deps, storage, removed);
}
