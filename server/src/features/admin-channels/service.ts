import type { AdminChannel, AdminChannelPage, ChannelMember } from '#shared/channels';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { CHANNEL_NOT_FOUND } from '../channels/access';
import { findDefaultChannelId, listChannelsForAdmin } from '../channels/admin-list';
import { findChannelType, listMembers } from '../channels/queries';
import { findLastMessageTimes } from '../messages/activity';

const PAGE_SIZE = 50;

/**
 * GET /api/admin/channels: every channel but direct conversations, private ones included, with
 * their member count, owner and last activity — never what is said in them (issue 48).
 */
export async function listAdminChannels(
  db: Db,
  defaultChannel: string | null,
  query: { q?: string | undefined; cursor?: string | undefined },
): Promise<AdminChannelPage> {
  const { rows, nextCursor } = await listChannelsForAdmin(db, { ...query, limit: PAGE_SIZE });
  const [times, defaultId] = await Promise.all([
    findLastMessageTimes(
      db,
      rows.map((r) => r.id),
    ),
    defaultChannel ? findDefaultChannelId(db, defaultChannel) : undefined,
  ]);
  const channels = rows.map(
    (r): AdminChannel => ({
      id: r.id,
      name: r.name,
      type: r.type,
      memberCount: r.memberCount,
      lastActivityAt: times.get(r.id)?.toISOString() ?? null,
      archivedAt: r.archivedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      owner: r.owner,
      isDefault: r.id === defaultId,
    }),
  );
  return { channels, nextCursor };
}

/** GET /api/admin/channels/{id}/members: a channel's members for the console (404 for a direct conversation). */
export async function listAdminChannelMembers(db: Db, channelId: string): Promise<ChannelMember[]> {
  const type = await findChannelType(db, channelId);
  if (!type || type === 'direct') throw notFound(CHANNEL_NOT_FOUND);
  return listMembers(db, channelId);
}
