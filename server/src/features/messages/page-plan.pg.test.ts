import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage } from '#shared/messages';
import { buildChannel, sendMessage } from '../../../test/chat-factories';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { selectJoined } from './queries';
import { messages } from './schema';

// docs/performance-log.md, "Channel switch": a channel's page must not read other channels'
// messages. With the latest reply asked alone (max()), PostgreSQL could walk
// messages_created_idx backwards through every message looking for a reply: 20,000 rows per
// message on the page, 207 ms a page. PostgreSQL only: the plan is what is checked.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

describe("a channel's page of messages", () => {
  it('reads its replies by their index, never by walking every message', async () => {
    const alice = await buildUser(server);
    const channel = await buildChannel(alice);
    const other = await buildChannel(alice);
    const { sql } = server.database;
    // A young table, as after an import: 20,000 messages elsewhere, not yet analysed.
    await sql`insert into messages (channel_id, user_id, content, seq)
      select ${other.id}::uuid, ${alice.user.id}::uuid, 'ailleurs ' || g, g
      from generate_series(1, 20000) g`;
    const parent = await sendMessage(alice, channel.id, 'question');
    await sendMessage(alice, channel.id, { content: 'réponse 1', parentMessageId: parent.id });
    const last = await sendMessage(alice, channel.id, {
      content: 'réponse 2',
      parentMessageId: parent.id,
    });
    for (let i = 0; i < 60; i++) await sendMessage(alice, channel.id, `message ${i}`);

    const statement = selectJoined(server.database.db)
      .where(and(eq(messages.channelId, channel.id), isNull(messages.parentMessageId)))
      .orderBy(desc(messages.seq))
      .limit(51)
      .toSQL();
    const [row] = await sql.unsafe<[{ 'QUERY PLAN': [{ Plan: PlanNode }] }]>(
      `explain (format json) ${statement.sql}`,
      statement.params as string[],
    );
    const plan = row['QUERY PLAN'][0].Plan;
    expect(indexesOf(plan)).not.toContain('messages_created_idx');

    // And the thread summary the page carries is still right.
    const older = await alice.client.get<MessagePage>(
      `/api/channels/${channel.id}/messages?before=${parent.seq + 1}`,
    );
    const question = older.body.messages.find((m) => m.id === parent.id);
    expect(question?.replyCount).toBe(2);
    expect(question?.lastReplyAt).toBe(last.createdAt);
  });
});
