/**
 * The privacy jobs on two nodes of one store (docs/privacy.md): each export is made by one node
 * only, retention runs on one node at a time, and an erasure asked through one node ends the
 * account's sockets on the other. PostgreSQL only: two processes cannot share the embedded store.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '#shared/privacy';
import { CLOSE_SESSION_ENDED } from '#shared/protocol';
import { buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import type { TestServer } from '../../../test/server';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

describe('privacy jobs on two nodes', () => {
  let nodes: TwoNodes;
  let node1: TestServer;
  let node2: TestServer;
  let admin: Actor;

  beforeAll(async () => {
    // The periodic run is off: the test runs both nodes' jobs at once when it means to.
    nodes = await startTwoNodes({
      env: { PRIVACY_JOB_INTERVAL_MS: '0', FILES_DIR_SHARED: 'true' },
    });
    ({ node1, node2 } = nodes);
    admin = await buildUser(node1, { firstName: 'Adèle' });
  });
  afterAll(() => nodes?.close());

  const runBoth = (now?: Date) =>
    Promise.all([node1.app.privacyJobs?.run(now), node2.app.privacyJobs?.run(now)]);

  it('makes each export once, whichever nodes run the job together', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => buildUser(node1)));
    const asked = await Promise.all(
      people.map((p, i) =>
        nodes.on(i % 2 ? node2 : node1, p).client.post<AccountExport>('/api/account/export'),
      ),
    );
    await Promise.all([runBoth(), runBoth()]);
    await runBoth();
    const rows = await node1.database.db.execute<{ status: string; attempts: number }>(sql`
      select status, attempts from account_exports
      where id in (${sql.join(
        asked.map((a) => sql`${a.body.id}::uuid`),
        sql`, `,
      )})`);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill('ready'));
    // Taken once each: no node made one another node was making.
    expect(rows.map((r) => r.attempts)).toEqual(Array(6).fill(1));
  });

  it('applies retention from both nodes at once: the old messages go, the recent one stays', async () => {
    const alice = await buildUser(node1);
    const channel = await buildChannel(alice);
    const old = [];
    for (let i = 0; i < 30; i++) old.push(await sendMessage(alice, channel.id, `vieux ${i}`));
    const fresh = await sendMessage(alice, channel.id, 'récent');
    await node1.database.db.execute(sql`update messages set created_at = now() - interval '40 days'
      where channel_id = ${channel.id}::uuid and id <> ${fresh.id}::uuid`);
    const set = await nodes.on(node2, admin).client.request('PUT', '/api/admin/retention', {
      messageDays: 30,
      fileDays: null,
      channelOverride: false,
    });
    expect(set.status).toBe(200);
    await Promise.all([runBoth(), runBoth()]);
    const left = await node1.database.db.execute<{ id: string }>(
      sql`select id from messages where channel_id = ${channel.id}::uuid`,
    );
    expect(left.map((r) => r.id)).toEqual([fresh.id]);
    await nodes.on(node2, admin).client.request('PUT', '/api/admin/retention', {
      messageDays: null,
      fileDays: null,
      channelOverride: false,
    });
  });

  it('erasing through node 2 closes the account’s socket on node 1', async () => {
    const leaving = await buildUser(node1);
    const socket = await nodes.open(node1, leaving);
    const res = await nodes
      .on(node2, admin)
      .client.request('DELETE', `/api/admin/users/${leaving.user.id}`, {});
    expect(res.status).toBe(202);
    expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);
  });
});
