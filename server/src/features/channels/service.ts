import { and, asc, count, eq, ilike, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { Channel, ChannelCreateInput, ChannelRead, PublicChannel } from '#shared/channels';
import { notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { type Deps, publish } from '../deps';
import { CHANNEL_NOT_FOUND } from './access';
import { announceMemberAdded, insertMember } from './members';
import { presentPublicChannel } from './presenter';
import { findChannelForUser } from './queries';
import type { ReadMarks } from './read-marks';
import { channelMembers, channels } from './schema';
import { channelTopic } from './topics';

const BROWSE_LIMIT = 200;
/** The types anyone in the workspace may find (browse) and join without an invite. */
const PUBLIC_TYPES: readonly string[] = ['channel', 'voice'];

/** docs/product.md §10.4: the creator becomes the owner, in the same transaction as the channel. */
export async function createChannel(
  deps: Deps,
  userId: string,
  input: ChannelCreateInput,
): Promise<Channel> {
  const channelId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(channels)
      .values({
        name: input.name,
        description: input.description || null,
        type: input.type,
        createdById: userId,
      })
      .returning({ id: channels.id });
    if (!row) throw new Error('channel insert returned no row');
    await insertMember(tx, row.id, userId, 'owner');
    return row.id;
  });
  const channel = await findChannelForUser(deps.db, userId, channelId);
  if (!channel) throw new Error(`channel ${channelId} vanished`);
  deps.events.publish('memberAdded', { channelId, userId });
  await publish(
    deps,
    'channel_created',
    () => deps.realtime.follow(channelTopic(channelId), userId),
    () => deps.realtime.toUsers([userId], { type: 'channel_updated', channel }),
  );
  return channel;
}

export async function getChannel(
  deps: Pick<Deps, 'db'>,
  userId: string,
  channelId: string,
  defaultChannel?: string | null,
) {
  const channel = await findChannelForUser(deps.db, userId, channelId, defaultChannel);
  if (!channel) throw notFound(CHANNEL_NOT_FOUND);
  return channel;
}

/** docs/product.md §10.3: public channels (type `channel`) the caller has not joined yet. */
export async function browsePublicChannels(
  deps: Pick<Deps, 'db'>,
  userId: string,
  q?: string,
): Promise<PublicChannel[]> {
  const mine = deps.db
    .select({ one: sql`1` })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channels.id), eq(channelMembers.userId, userId)));
  // Public channels and voice channels (a colleague's voice channel is found here, as on
  // Discord); groups are by invite only.
  const where: SQL[] = [inArray(channels.type, [...PUBLIC_TYPES]), notExists(mine)];
  if (q) where.push(ilike(channels.name, containsPattern(q)));
  const memberCount = deps.db
    .select({ channelId: channelMembers.channelId, n: count().as('n') })
    .from(channelMembers)
    .groupBy(channelMembers.channelId)
    .as('member_count');
  const rows = await deps.db
    .select({ channel: channels, n: memberCount.n })
    .from(channels)
    .leftJoin(memberCount, eq(memberCount.channelId, channels.id))
    .where(and(...where))
    .orderBy(sql`lower(${channels.name})`, asc(channels.createdAt))
    .limit(BROWSE_LIMIT);
  return rows.map((r) => presentPublicChannel(r.channel, Number(r.n ?? 0)));
}

/**
 * Join a public channel or a voice channel. Groups are joined by invite only: to anyone else
 * they answer 404, like a channel that does not exist. Joining twice is not an error.
 */
export async function joinPublicChannel(
  deps: Deps,
  userId: string,
  channelId: string,
): Promise<Channel> {
  const [row] = await deps.db
    .select({ type: channels.type })
    .from(channels)
    .where(eq(channels.id, channelId));
  const already = row ? await findChannelForUser(deps.db, userId, channelId) : undefined;
  if (already) return already;
  if (!row || !PUBLIC_TYPES.includes(row.type)) throw notFound(CHANNEL_NOT_FOUND);
  if (await insertMember(deps.db, channelId, userId)) {
    await announceMemberAdded(deps, channelId, userId);
  }
  return getChannel(deps, userId, channelId);
}

/**
 * Everything up to now is read: the unread badge clears on every device of the user. The
 * mark is written with the others of the same moment (read-marks.ts), or at once (`now`).
 */
export async function markChannelRead(
  deps: Deps,
  reads: ReadMarks,
  userId: string,
  channelId: string,
  options: { now?: boolean } = {},
): Promise<ChannelRead> {
  const read = await reads.mark(userId, channelId, options);
  if (!read) throw notFound(CHANNEL_NOT_FOUND);
  deps.events.publish('channelRead', { channelId, userId });
  await publish(deps, 'channel_read', () =>
    deps.realtime.toUsers([userId], { type: 'channel_read', ...read }),
  );
  return read;
}
