import { and, eq, lt, sql } from 'drizzle-orm';
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
import { findChannelType } from '../channels/queries';
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

/**
 * Participants whose page stopped polling (closed tab, dead network) are taken out, and the
 * channel hears they left: the list stays true within seconds without any socket hook.
 */
async function sweep(deps: Deps, channelId: string): Promise<void> {
  const gone = await deps.db
    .delete(voice)
    .where(
      and(
        eq(voice.channelId, channelId),
        lt(voice.lastSeenAt, sql`now() - make_interval(secs => ${VOICE_SILENT_AFTER_S})`),
      ),
    )
    .returning({ userId: voice.userId });
  for (const { userId } of gone) await announceLeft(deps, channelId, userId);
}

export async function joinVoice(
  deps: Deps,
  channelId: string,
  userId: string,
): Promise<VoiceParticipant> {
  await sweep(deps, channelId);
  const [existing] = await deps.db
    .select({ id: voice.id })
    .from(voice)
    .where(and(eq(voice.channelId, channelId), eq(voice.userId, userId)));
  const [row] = await deps.db
    .insert(voice)
    .values({ channelId, userId })
    .onConflictDoUpdate({
      target: [voice.channelId, voice.userId],
      set: { lastSeenAt: sql`now()` },
    })
    .returning();
  const participant = await withUser(deps.db, row as Row);
  if (!existing) {
    await publish(deps, 'voice-user-joined', () =>
      deps.realtime.toTopic(channelTopic(channelId), {
        type: 'voice-user-joined',
        channelId,
        participant,
      }),
    );
  }
  return participant;
}

export async function leaveVoice(deps: Deps, channelId: string, userId: string): Promise<void> {
  const gone = await deps.db
    .delete(voice)
    .where(and(eq(voice.channelId, channelId), eq(voice.userId, userId)))
    .returning({ id: voice.id });
  if (gone.length > 0) await announceLeft(deps, channelId, userId);
}

/** docs/product.md §7.2, polled every 3 s: the caller's own poll is what keeps its seat alive. */
export async function listVoice(
  deps: Deps,
  channelId: string,
  userId: string,
): Promise<VoiceParticipant[]> {
  await deps.db
    .update(voice)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(voice.channelId, channelId), eq(voice.userId, userId)));
  await sweep(deps, channelId);
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
  db: Db,
  participantId: string,
  userId: string,
  patch: VoiceParticipantUpdate,
): Promise<VoiceParticipant> {
  const set = { ...patch, ...(patch.isDeafened ? { isMuted: true } : {}) };
  const [row] = await db
    .update(voice)
    .set(set)
    .where(and(eq(voice.id, participantId), eq(voice.userId, userId)))
    .returning();
  if (!row) throw notFound(VOICE_PARTICIPANT_NOT_FOUND);
  return withUser(db, row);
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
