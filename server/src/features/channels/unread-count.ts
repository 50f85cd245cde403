import type { AnyColumn, SQL } from 'drizzle-orm';

/**
 * How many messages a member has not read, as a column expression of the sidebar's one
 * query (queries.ts): the messages feature owns those rows and provides it when it
 * registers (features/messages/routes.ts), so channels names no messages module and the
 * dependency runs one way (messages → channels).
 */
export type UnreadCountSql = (
  channelId: AnyColumn,
  lastReadSeq: AnyColumn,
  readerId: string,
  limit: number,
) => SQL<number>;

// A pure statement builder, the same for every app in the process: wiring, not state.
let provided: UnreadCountSql | undefined;

export function provideUnreadCount(count: UnreadCountSql): void {
  provided = count;
}

export function unreadCountSql(...args: Parameters<UnreadCountSql>): SQL<number> {
  if (!provided) throw new Error('no unread count: the messages feature is not registered');
  return provided(...args);
}
