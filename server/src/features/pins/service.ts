import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type ChannelPins,
  type ChannelSavedIds,
  PIN_FORBIDDEN,
  PINS_FULL,
  PINS_PER_CHANNEL_MAX,
  type PinnedMessage,
  SAVED_FULL,
  SAVED_PAGE_SIZE,
  SAVED_PER_USER_MAX,
  type SavedMessage,
  type SavedPage,
  UNPIN_FORBIDDEN,
} from '#shared/pins';
import type { User } from '#shared/users';
import { users } from '../../auth/schema';
import type { SessionUser } from '../../auth/sessions';
import { presentUser } from '../../auth/user-presenter';
import type { Db, Tx } from '../../db/client';
import { conflict, forbidden, isForeignKeyViolation, notFound } from '../../lib/errors';
import { requireMember } from '../channels/access';
import { requireWritableChannel } from '../channels/administration';
import { isChannelManager, isMemberOf } from '../channels/membership';
import { findChannelType } from '../channels/queries';
import { channelTopic } from '../channels/topics';
import { type Deps, publish } from '../deps';
import type { MessageRow } from '../messages/presenter';
import {
  findMessageForMember,
  findPresentedMessages,
  MESSAGE_NOT_FOUND,
} from '../messages/queries';
import { messagePins, savedMessages } from './schema';

// Advisory lock classes ("PINS", "SAVE"): a channel's pins, a person's saves are counted
// one after the other, so two at once cannot pass the limit together.
const PINS_LOCK_CLASS = 0x50494e53;
const SAVED_LOCK_CLASS = 0x53415645;

const lock = (tx: Tx, lockClass: number, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${lockClass}::int, hashtext(${key}))`);

/** A message gone between the look-up and the insert (its foreign key) is a 404 like any other. */
async function orGone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound(MESSAGE_NOT_FOUND);
    throw err;
  }
}

/**
 * docs/product.md, "Messages épinglés et enregistrés": the message's author, the channel's
 * owners and administrators (and its creator), the workspace's administrators; in a direct
 * conversation, either person.
 */
async function mayPin(db: Db, user: SessionUser, message: MessageRow): Promise<boolean> {
  if (message.userId === user.id || user.isAdmin) return true;
  if ((await findChannelType(db, message.channelId)) === 'direct') return true;
  return isChannelManager(db, message.channelId, user.id);
}

async function presentUsers(db: Db, ids: Array<string | null>): Promise<Map<string, User>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, presentUser(row)]));
}

async function presentPins(
  db: Db,
  rows: Array<{ messageId: string; pinnedBy: string | null; pinnedAt: Date }>,
): Promise<PinnedMessage[]> {
  const [messages, pinners] = await Promise.all([
    findPresentedMessages(
      db,
      rows.map((r) => r.messageId),
    ),
    presentUsers(
      db,
      rows.map((r) => r.pinnedBy),
    ),
  ]);
  return rows.flatMap((row) => {
    const message = messages.get(row.messageId);
    if (!message) return []; // deleted between the two reads
    const pinnedBy = row.pinnedBy ? (pinners.get(row.pinnedBy) ?? null) : null;
    return [{ message, pinnedAt: row.pinnedAt.toISOString(), pinnedBy }];
  });
}

const pinColumns = {
  messageId: messagePins.messageId,
  pinnedBy: messagePins.pinnedBy,
  pinnedAt: messagePins.pinnedAt,
};

/** Pin a message (201), or answer its pin when it already is (200); the members hear of it. */
export async function pinMessage(
  deps: Deps,
  user: SessionUser,
  messageId: string,
): Promise<{ created: boolean; pin: PinnedMessage }> {
  const row = await findMessageForMember(deps.db, messageId, user.id);
  if (!(await mayPin(deps.db, user, row))) throw forbidden(PIN_FORBIDDEN);
  // An archived channel is read-only: its pins stay as they are (409 « Ce canal est archivé »).
  await requireWritableChannel(deps.db, row.channelId);
  const created = await orGone(() =>
    deps.db.transaction(async (tx) => {
      await lock(tx, PINS_LOCK_CLASS, row.channelId);
      const [existing] = await tx
        .select({ messageId: messagePins.messageId })
        .from(messagePins)
        .where(eq(messagePins.messageId, messageId));
      if (existing) return false;
      const [counted] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(messagePins)
        .where(eq(messagePins.channelId, row.channelId));
      if (Number(counted?.count ?? 0) >= PINS_PER_CHANNEL_MAX) throw conflict(PINS_FULL);
      await tx
        .insert(messagePins)
        .values({ messageId, channelId: row.channelId, pinnedBy: user.id });
      return true;
    }),
  );
  const rows = await deps.db
    .select(pinColumns)
    .from(messagePins)
    .where(eq(messagePins.messageId, messageId));
  const [pin] = await presentPins(deps.db, rows);
  if (!pin) throw notFound(MESSAGE_NOT_FOUND);
  if (created) {
    await publish(deps, 'message_pinned', () =>
      deps.realtime.toTopic(channelTopic(row.channelId), {
        type: 'message_pinned',
        channelId: row.channelId,
        pin,
      }),
    );
  }
  return { created, pin };
}

/** Unpin a message (nothing to do when it is not pinned); the members hear of it. */
export async function unpinMessage(
  deps: Deps,
  user: SessionUser,
  messageId: string,
): Promise<void> {
  const row = await findMessageForMember(deps.db, messageId, user.id);
  if (!(await mayPin(deps.db, user, row))) throw forbidden(UNPIN_FORBIDDEN);
  await requireWritableChannel(deps.db, row.channelId);
  const removed = await deps.db
    .delete(messagePins)
    .where(eq(messagePins.messageId, messageId))
    .returning({ messageId: messagePins.messageId });
  if (removed.length === 0) return;
  await publish(deps, 'message_unpinned', () =>
    deps.realtime.toTopic(channelTopic(row.channelId), {
      type: 'message_unpinned',
      channelId: row.channelId,
      messageId,
    }),
  );
}

/** The channel's pinned messages, newest pin first, for its members (404 otherwise). */
export async function listPins(db: Db, channelId: string, userId: string): Promise<ChannelPins> {
  await requireMember(db, channelId, userId);
  const rows = await db
    .select(pinColumns)
    .from(messagePins)
    .where(eq(messagePins.channelId, channelId))
    .orderBy(desc(messagePins.pinnedAt), desc(messagePins.messageId))
    .limit(PINS_PER_CHANNEL_MAX);
  return { pins: await presentPins(db, rows) };
}

async function presentSaved(
  db: Db,
  rows: Array<{ messageId: string; savedAt: Date }>,
): Promise<SavedMessage[]> {
  const messages = await findPresentedMessages(
    db,
    rows.map((r) => r.messageId),
  );
  return rows.flatMap((row) => {
    const message = messages.get(row.messageId);
    return message ? [{ message, savedAt: row.savedAt.toISOString() }] : [];
  });
}

/** Save a message for oneself (201), or answer it when already saved (200); one's tabs hear of it. */
export async function saveMessage(
  deps: Deps,
  userId: string,
  messageId: string,
): Promise<{ created: boolean; saved: SavedMessage }> {
  const row = await findMessageForMember(deps.db, messageId, userId);
  const created = await orGone(() =>
    deps.db.transaction(async (tx) => {
      await lock(tx, SAVED_LOCK_CLASS, userId);
      const mine = and(eq(savedMessages.userId, userId), eq(savedMessages.messageId, messageId));
      const [existing] = await tx
        .select({ messageId: savedMessages.messageId })
        .from(savedMessages)
        .where(mine);
      if (existing) return false;
      const [counted] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(savedMessages)
        .where(eq(savedMessages.userId, userId));
      if (Number(counted?.count ?? 0) >= SAVED_PER_USER_MAX) throw conflict(SAVED_FULL);
      // Milliseconds, as the page's cursor carries them.
      await tx.insert(savedMessages).values({
        userId,
        messageId,
        channelId: row.channelId,
        savedAt: sql`date_trunc('milliseconds', now())`,
      });
      return true;
    }),
  );
  const rows = await deps.db
    .select({ messageId: savedMessages.messageId, savedAt: savedMessages.savedAt })
    .from(savedMessages)
    .where(and(eq(savedMessages.userId, userId), eq(savedMessages.messageId, messageId)));
  const [saved] = await presentSaved(deps.db, rows);
  if (!saved) throw notFound(MESSAGE_NOT_FOUND);
  if (created) {
    await publish(deps, 'message_saved', () =>
      deps.realtime.toUsers([userId], { type: 'message_saved', channelId: row.channelId, saved }),
    );
  }
  return { created, saved };
}

/** Take a message out of one's saved messages (nothing to do when it was not there). */
export async function unsaveMessage(deps: Deps, userId: string, messageId: string): Promise<void> {
  const row = await findMessageForMember(deps.db, messageId, userId);
  const removed = await deps.db
    .delete(savedMessages)
    .where(and(eq(savedMessages.userId, userId), eq(savedMessages.messageId, messageId)))
    .returning({ messageId: savedMessages.messageId });
  if (removed.length === 0) return;
  await publish(deps, 'message_unsaved', () =>
    deps.realtime.toUsers([userId], {
      type: 'message_unsaved',
      channelId: row.channelId,
      messageId,
    }),
  );
}

/** One's saved messages in the channels one still belongs to, newest saved first. */
export async function listSaved(db: Db, userId: string, cursor?: string): Promise<SavedPage> {
  const [cursorAt, cursorId] = cursor ? cursor.split('_') : [];
  const rows = await db
    .select({ messageId: savedMessages.messageId, savedAt: savedMessages.savedAt })
    .from(savedMessages)
    .where(
      and(
        eq(savedMessages.userId, userId),
        isMemberOf(savedMessages.channelId, userId),
        cursorAt
          ? sql`(${savedMessages.savedAt}, ${savedMessages.messageId}) < (${cursorAt}::timestamptz, ${cursorId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(savedMessages.savedAt), desc(savedMessages.messageId))
    .limit(SAVED_PAGE_SIZE + 1);
  const page = rows.slice(0, SAVED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: await presentSaved(db, page),
    nextCursor:
      rows.length > SAVED_PAGE_SIZE && last
        ? `${last.savedAt.toISOString()}_${last.messageId}`
        : null,
  };
}

/** Which of the channel's messages the caller saved, for a member (404 otherwise). */
export async function listSavedIdsInChannel(
  db: Db,
  channelId: string,
  userId: string,
): Promise<ChannelSavedIds> {
  await requireMember(db, channelId, userId);
  const rows = await db
    .select({ messageId: savedMessages.messageId })
    .from(savedMessages)
    .where(and(eq(savedMessages.userId, userId), eq(savedMessages.channelId, channelId)));
  return { messageIds: rows.map((r) => r.messageId) };
}
