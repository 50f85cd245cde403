import type { AdminChannel, AdminChannelPage } from '#shared/channels';
import type { Db } from '../../db/client';
import { findDefaultChannelId, listChannelsForAdmin } from '../channels/admin-list';
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
