import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import { VOICE_NEEDS_MEDIA_SERVER } from '#shared/sfu';
import { VOICE_SILENT_AFTER_S } from '#shared/voice';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { voiceChannelParticipants as voice } from './schema';

/**
 * Without a media server the voice is a mesh (docs/calls.md): a person joining a channel's
 * voice where `limit` others already are gets a 409 saying a media server is needed. Those
 * already in (a reload) are let back in; participants gone silent do not count. Two joins in
 * the same instant may both pass (no lock): the mesh then carries one more for a moment.
 */
export async function refuseBeyondLimit(
  db: Db,
  channelId: string,
  userId: string,
  limit: number,
): Promise<void> {
  const [others] = await db
    .select({ n: count() })
    .from(voice)
    .where(
      and(
        eq(voice.channelId, channelId),
        ne(voice.userId, userId),
        gt(voice.lastSeenAt, sql`now() - make_interval(secs => ${VOICE_SILENT_AFTER_S})`),
      ),
    );
  if ((others?.n ?? 0) >= limit) throw conflict(VOICE_NEEDS_MEDIA_SERVER);
}
