import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import {
  CUSTOM_EMOJI_CODE_RE,
  CUSTOM_EMOJI_FORBIDDEN,
  CUSTOM_EMOJI_NOT_FOUND,
  CUSTOM_EMOJI_TAKEN,
  type CustomEmoji,
} from '#shared/emoji';
import { userDisplayName } from '#shared/user-names';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { type Deps, publish } from '../deps';
import type { FileStorage } from '../files/storage';
import type { EmojiImage } from './image';
import { toEveryone } from './realtime';
import { customEmoji } from './schema';

/**
 * Where emoji images live in the files storage: under one fixed folder of their own (a key of
 * the shape files/storage.ts accepts, which no channel id takes: it is not a random UUID).
 */
const EMOJI_FOLDER = '00000000-0000-0000-0000-00000000e301';
const newKey = () => `${EMOJI_FOLDER}/${randomBytes(16).toString('hex')}`;

export const emojiImageUrl = (id: string) => `/api/emoji/images/${id}`;

const columns = {
  id: customEmoji.id,
  name: customEmoji.name,
  animated: customEmoji.animated,
  createdAt: customEmoji.createdAt,
  userId: customEmoji.userId,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

type Row = {
  id: string;
  name: string;
  animated: boolean;
  createdAt: Date;
  userId: string | null;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

const present = (row: Row): CustomEmoji => ({
  name: row.name,
  url: emojiImageUrl(row.id),
  animated: row.animated,
  author: row.userId ? { id: row.userId, displayName: userDisplayName(row) ?? null } : null,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/emoji: every custom emoji of the instance, the newest first. */
export async function listEmoji(db: Db): Promise<CustomEmoji[]> {
  const rows = await db
    .select(columns)
    .from(customEmoji)
    .leftJoin(users, eq(users.id, customEmoji.userId))
    .orderBy(desc(customEmoji.createdAt), customEmoji.name);
  return rows.map(present);
}

async function findByName(db: Db, name: string) {
  const [row] = await db
    .select({ id: customEmoji.id, userId: customEmoji.userId, key: customEmoji.storageKey })
    .from(customEmoji)
    .where(eq(customEmoji.name, name));
  return row;
}

/** Whether a name was taken before the image is worked on (the insert still decides). */
export async function emojiNameTaken(db: Db, name: string): Promise<boolean> {
  return (await findByName(db, name)) !== undefined;
}

/**
 * Whether a reaction's value `:nom:` names a custom emoji that exists (messages use it to
 * refuse an unknown one).
 */
export async function customEmojiExists(db: Db, code: string): Promise<boolean> {
  const name = CUSTOM_EMOJI_CODE_RE.exec(code)?.[1];
  if (!name) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(customEmoji)
    .where(eq(customEmoji.name, name));
  return row !== undefined;
}

/** POST /api/emoji: the image stored first, then the row; a name taken meanwhile is a 409. */
export async function createEmoji(
  deps: Deps,
  storage: FileStorage,
  user: { id: string },
  name: string,
  image: EmojiImage,
): Promise<CustomEmoji> {
  const key = newKey();
  await storage.put(key, { bytes: image.bytes }, image.contentType);
  let id: string;
  try {
    const [row] = await deps.db
      .insert(customEmoji)
      .values({
        name,
        storageKey: key,
        contentType: image.contentType,
        animated: image.animated,
        userId: user.id,
      })
      .returning({ id: customEmoji.id });
    id = row!.id;
  } catch (err) {
    await storage.remove([key]).catch(() => undefined);
    if (isUniqueViolation(err)) throw conflict(CUSTOM_EMOJI_TAKEN);
    throw err;
  }
  const [row] = await deps.db
    .select(columns)
    .from(customEmoji)
    .leftJoin(users, eq(users.id, customEmoji.userId))
    .where(eq(customEmoji.id, id));
  const emoji = present(row!);
  await publish(deps, 'custom_emoji_created', () =>
    toEveryone(deps.realtime, { type: 'custom_emoji_created', emoji }),
  );
  return emoji;
}

/** DELETE /api/emoji/{name}: its author or an administrator of the instance. */
export async function deleteEmoji(
  deps: Deps,
  storage: FileStorage,
  user: { id: string; isAdmin: boolean },
  name: string,
): Promise<void> {
  const row = await findByName(deps.db, name);
  if (!row) throw notFound(CUSTOM_EMOJI_NOT_FOUND);
  if (row.userId !== user.id && !user.isAdmin) throw forbidden(CUSTOM_EMOJI_FORBIDDEN);
  const [deleted] = await deps.db
    .delete(customEmoji)
    .where(eq(customEmoji.id, row.id))
    .returning({ key: customEmoji.storageKey });
  if (!deleted) throw notFound(CUSTOM_EMOJI_NOT_FOUND);
  await storage.remove([deleted.key]).catch((err: unknown) => {
    deps.log.warn({ err, key: deleted.key }, 'custom emoji image not removed');
  });
  await publish(deps, 'custom_emoji_deleted', () =>
    toEveryone(deps.realtime, { type: 'custom_emoji_deleted', name }),
  );
}

/** The image of GET /api/emoji/images/{id}, or 404. */
export async function openEmojiImage(
  db: Db,
  storage: FileStorage,
  id: string,
): Promise<{ body: Readable; contentType: string }> {
  const [row] = await db
    .select({ key: customEmoji.storageKey, contentType: customEmoji.contentType })
    .from(customEmoji)
    .where(eq(customEmoji.id, id));
  const body = row && (await storage.get(row.key));
  if (!row || !body) throw notFound(CUSTOM_EMOJI_NOT_FOUND);
  return { body, contentType: row.contentType };
}
