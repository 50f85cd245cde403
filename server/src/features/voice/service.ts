import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  VOICE_NOT_FOUND,
  VOICE_PARTICIPANT_NOT_FOUND,
  VOICE_SILENT_AFTER_S,
  type VoiceParticipant,
  type VoiceParticipantUpdate,
} from '#shared/voice';
import { users } from '../../auth/schema';
import { presentUser } from '../../auth/user-presenter';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { requireMember } from '../channels/access';
import { findChannelType, isMemberSql } from '../channels/queries';
import { channelTopic } from '../channels/topics';
import { type Deps, publish } from '../deps';
import { recheckSfuGroup } from '../sfu/routes';
import { voiceChannelParticipants as voice } from './schema';

type Row = typeof voice.$inferSelect;

/**
 * Voice is in voice channels and, as an ad-hoc voice chat, in public channels and groups
 * (docs/product.md §2.5: their join-voice-chat button); a direct conversation calls instead. Members only;
 * anyone else gets the channel's 404.
 */
const HAS_VOICE = new Set(['voice', 'channel', 'group']);

/** The Janus group of a channel's voice (every socket in `voice:<channelId>` meets there). */
export const voiceGroup = (channelId: string) => `voice:${channelId}`;

export async function requireVoiceMember(db: Db, channelId: string, userId: string): Promise<void> {
  await requireMember(db, channelId, userId);
  const type = await findChannelType(db, channelId);
  if (!type || !HAS_VOICE.has(type)) throw notFound(VOICE_NOT_FOUND);
}

const present = (row: Row, user: typeof users.$inferSelect): VoiceParticipant => ({
  id: row.id,
  channelId: row.channelId,
  userId: row.userId,
  joinedAt: row.joinedAt.toISOString(),
  isMuted: row.isMuted,
  isDeafened: row.isDeafened,
  isSharingScreen: row.isSharingScreen,
  user: presentUser(user),
});

async function withUser(db: Db, row: Row): Promise<VoiceParticipant> {
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  return present(row, user as typeof users.$inferSelect);
}

const announceLeft = (deps: Deps, channelId: string, userId: string) =>
  publish(
    deps,
    'voice-user-left',
    () =>
      deps.realtime.toTopic(channelTopic(channelId), {
        type: 'voice-user-left',
        channelId,
        userId,
      }),
    () => recheckSfuGroup(deps.realtime, voiceGroup(channelId)),
  );

/** The user's sockets hear where their one seat is now (null: nowhere), and which socket holds it. */
const announceSession = (
  deps: Deps,
  userId: string,
  channelId: string | null,
  connectionId: string | null,
) =>
  publish(deps, 'voice-session', () =>
    deps.realtime.toUsers([userId], { type: 'voice-session', channelId, connectionId }),
  );

/**
 * Seats nobody refreshed for VOICE_SILENT_AFTER_S — their socket's node died, or the page
 * that joined over HTTP stopped polling — are taken out, on every channel, and each channel
 * hears who left. Any node's sweep takes each seat once (DELETE … RETURNING).
 */
export async function sweepVoice(deps: Deps): Promise<number> {
  const gone = await deps.db
    .delete(voice)
    .where(lt(voice.lastSeenAt, sql`now() - make_interval(secs => ${VOICE_SILENT_AFTER_S})`))
    .returning({ channelId: voice.channelId, userId: voice.userId });
  for (const { channelId, userId } of gone) {
    await announceLeft(deps, channelId, userId);
    await announceSession(deps, userId, null, null);
  }
  return gone.length;
}

/** The node holding these sockets says they are alive: their seats stay. */
export async function refreshVoice(db: Db, connectionIds: readonly string[]): Promise<void> {
  if (connectionIds.length === 0) return;
  await db
    .update(voice)
    .set({ lastSeenAt: sql`now()` })
    .where(inArray(voice.connectionId, [...connectionIds]));
}

/**
 * Take the user's seat in this channel, held by `connectionId` (a socket) or by nobody (a
 * join over HTTP, kept by its polling). One seat per person: a seat in another channel is
 * left (its channel hears it), and a seat here held by another socket moves to this one
 * (the user's sockets hear it: `voice-session`, the page that held it stops).
 */
export async function joinVoice(
  deps: Deps,
  channelId: string,
  userId: string,
  connectionId: string | null = null,
): Promise<VoiceParticipant> {
  await sweepVoice(deps);
  const elsewhere = await deps.db
    .delete(voice)
    .where(and(eq(voice.userId, userId), ne(voice.channelId, channelId)))
    .returning({ channelId: voice.channelId });
  for (const gone of elsewhere) await announceLeft(deps, gone.channelId, userId);
  const [existing] = await deps.db
    .select({ id: voice.id, connectionId: voice.connectionId })
    .from(voice)
    .where(and(eq(voice.channelId, channelId), eq(voice.userId, userId)));
  const [row] = await deps.db
    .insert(voice)
    .values({ channelId, userId, connectionId })
    .onConflictDoUpdate({
      target: [voice.channelId, voice.userId],
      // A page that takes its seat again shares no screen until it says so.
      set: { lastSeenAt: sql`now()`, connectionId, isSharingScreen: false },
    })
    .returning();
  const participant = await withUser(deps.db, row as Row);
  // A new seat, or the seat taken by another socket (a page reconnecting before the server
  // noticed its old socket was gone): the others connect to it again.
  if (!existing || existing.connectionId !== connectionId) {
    await publish(deps, 'voice-user-joined', () =>
      deps.realtime.toTopic(channelTopic(channelId), {
        type: 'voice-user-joined',
        channelId,
        participant,
      }),
    );
  }
  await announceSession(deps, userId, channelId, connectionId);
  return participant;
}

/**
 * Leave the channel's voice; with `connectionId`, only the seat that socket holds (a socket
 * that closed must not take out the seat another tab of the user has taken since).
 */
export async function leaveVoice(
  deps: Deps,
  channelId: string,
  userId: string,
  connectionId?: string,
): Promise<void> {
  const where = [eq(voice.channelId, channelId), eq(voice.userId, userId)];
  if (connectionId !== undefined) where.push(eq(voice.connectionId, connectionId));
  const gone = await deps.db
    .delete(voice)
    .where(and(...where))
    .returning({ id: voice.id });
  if (gone.length > 0) {
    await announceLeft(deps, channelId, userId);
    await announceSession(deps, userId, null, null);
  }
}

/** docs/product.md §7.2, polled every 3 s: the caller's own poll is what keeps its seat alive. */
export async function listVoice(
  deps: Deps,
  channelId: string,
  userId: string,
): Promise<VoiceParticipant[]> {
  // Only a seat joined over HTTP is kept by its holder's poll: a seat held by a socket lives
  // as long as the socket (another page of the same user polling must not keep it).
  await deps.db
    .update(voice)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(eq(voice.channelId, channelId), eq(voice.userId, userId), isNull(voice.connectionId)),
    );
  await sweepVoice(deps);
  const rows = await deps.db
    .select({ row: voice, user: users })
    .from(voice)
    .innerJoin(users, eq(users.id, voice.userId))
    .where(eq(voice.channelId, channelId))
    .orderBy(voice.joinedAt);
  return rows.map((r) => present(r.row, r.user));
}

/** One's own participant only. docs/product.md §4: deafening forces mute on. */
export async function updateVoice(
  deps: Deps,
  participantId: string,
  userId: string,
  patch: VoiceParticipantUpdate,
): Promise<VoiceParticipant> {
  const set = { ...patch, ...(patch.isDeafened ? { isMuted: true } : {}) };
  const [row] = await deps.db
    .update(voice)
    .set(set)
    .where(and(eq(voice.id, participantId), eq(voice.userId, userId)))
    .returning();
  if (!row) throw notFound(VOICE_PARTICIPANT_NOT_FOUND);
  const participant = await withUser(deps.db, row);
  // Every member's sidebar shows the muted and deafened icons, live.
  await publish(deps, 'voice-user-updated', () =>
    deps.realtime.toTopic(channelTopic(row.channelId), {
      type: 'voice-user-updated',
      channelId: row.channelId,
      participant,
    }),
  );
  return participant;
}

/** Who is in the voice of each channel the user is a member of (the sidebar's lists). */
export async function listMyVoice(db: Db, userId: string): Promise<VoiceParticipant[]> {
  const rows = await db
    .select({ row: voice, user: users })
    .from(voice)
    .innerJoin(users, eq(users.id, voice.userId))
    .where(isMemberSql(voice.channelId, userId))
    .orderBy(voice.joinedAt);
  return rows.map((r) => present(r.row, r.user));
}

/** Whether both users are in the voice channel now (signals go only between them). */
/** Whether the user is in the channel's voice now (the SFU asks before every step). */
export async function inVoice(db: Db, channelId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: voice.userId })
    .from(voice)
    .where(and(eq(voice.channelId, channelId), eq(voice.userId, userId)));
  return rows.length === 1;
}

export async function bothInVoice(
  db: Db,
  channelId: string,
  a: string,
  b: string,
): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ userId: voice.userId })
    .from(voice)
    .where(and(eq(voice.channelId, channelId), sql`${voice.userId} in (${a}, ${b})`));
  return rows.length === 2;
}
