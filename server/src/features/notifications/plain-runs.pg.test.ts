/**
 * Two statements making a member's "new messages" item at the same moment (two nodes, say):
 * the one for the earlier message meets the other's item as a conflict, not in its snapshot,
 * and moves its start back to its own message (notifyPlainRuns; docs/notifications.md,
 * « Many messages at once »). Concurrent transactions need PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationPage } from '#shared/notifications';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import type { AppContext } from '../../context';
import { notifyPlainRuns } from './create';
import { notificationsSettled } from './subscriptions';

let server: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  server = await startTestServer({
    features: [
      (_app, context) => {
        ctx = context;
      },
    ],
  });
});
afterAll(() => server?.close());

it('an item another statement commits while this one waits on it starts at the earlier message', async () => {
  const [alice, bob] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
  ]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  const earlier = await sendMessage(alice, channel.id, 'premier');
  const later = await sendMessage(alice, channel.id, 'second');
  await notificationsSettled(ctx.events);
  await ctx.db.execute(sql`delete from notifications where user_id = ${bob.user.id}::uuid`);

  let notified: ReturnType<typeof notifyPlainRuns> | undefined;
  await ctx.db.transaction(async (tx) => {
    // The later message's item, written by "another node" and not committed yet.
    await tx.execute(sql`insert into notifications
        (user_id, type, title, channel_id, message_id, triggered_by_user_id)
      values (${bob.user.id}::uuid, 'channel_message', 'Nouveaux messages', ${channel.id}::uuid,
        ${later.id}::uuid, ${alice.user.id}::uuid)`);
    notified = notifyPlainRuns(ctx.db, [
      {
        first: earlier,
        latest: earlier,
        channel: { name: channel.name, type: channel.type },
        readers: [],
      },
    ]);
    // The statement has reached Bob's row and waits for this transaction.
    await expect
      .poll(async () => {
        const [row] = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n
          from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
        return row?.n;
      })
      .toBe(1);
  });
  // Bob's item is the other statement's (already sent by it): nothing new to send here.
  expect(await notified).toEqual([]);
  const page = await bob.client.get<NotificationPage>('/api/notifications');
  expect(page.body.notifications.map((n) => [n.count, n.content, n.messageId])).toEqual([
    [2, 'second', earlier.id],
  ]);
});
