import { desc, eq, sql } from 'drizzle-orm';
import type { DisconnectReport } from '#shared/disconnect';
import type { Db } from '../../db/client';
import { channelNameSql } from '../channels/queries';
import { disconnectCounts } from './schema';

/**
 * GET /api/admin/disconnect-report: per channel, the month's urgent messages and held
 * notifications — counts only, never a message nor a person (docs/product.md, « Droit à la
 * déconnexion »). Busiest channels first.
 */
export async function monthlyReport(db: Db, month: string): Promise<DisconnectReport> {
  const rows = await db
    .select({
      channelId: disconnectCounts.channelId,
      channelName: channelNameSql(disconnectCounts.channelId),
      urgentMessages: disconnectCounts.urgentMessages,
      heldNotifications: disconnectCounts.heldNotifications,
    })
    .from(disconnectCounts)
    .where(eq(disconnectCounts.month, month))
    .orderBy(
      desc(sql`${disconnectCounts.urgentMessages} + ${disconnectCounts.heldNotifications}`),
      disconnectCounts.channelId,
    );
  const items = rows.map((r) => ({ ...r, channelName: r.channelName ?? '' }));
  return {
    month,
    items,
    totals: {
      urgentMessages: items.reduce((n, i) => n + i.urgentMessages, 0),
      heldNotifications: items.reduce((n, i) => n + i.heldNotifications, 0),
    },
  };
}
