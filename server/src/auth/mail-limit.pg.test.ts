/**
 * docs/security.md, "Mail per address": the limit on mails to one address holds across
 * nodes. Two servers on one PostgreSQL and one Redis: asking each node in turn buys nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { freePort, startTestServer, type TestServer } from '../../test/server';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { startTwoNodes, type TwoNodes } from '../../test/two-nodes';

let smtp: TestSmtpServer;
let nodes: TwoNodes;
let node1: TestServer;
let node2: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  const env = { PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url };
  nodes = await startTwoNodes({ port, env });
  ({ node1, node2 } = nodes);
});
afterAll(async () => {
  await nodes?.close();
  await smtp?.close();
});

describe('mail per address, across nodes', () => {
  it('counts the reset mails both nodes send to one address against one limit', async () => {
    // Signed up before mail: buildUser needs the 201 of a server without SMTP, so the
    // account is made by a third node on the same store without it.
    const plain = await startTestServer({ store: node1.store });
    const email = `cible-${randomUUID().slice(0, 8)}@ruche.test`;
    try {
      await buildUser(plain, { email });
    } finally {
      await plain.close();
    }
    for (let i = 0; i < 4; i++) {
      const node = i % 2 === 0 ? node1 : node2;
      // Behind one public address, as a load balancer spreads them.
      const res = await new TestClient(node.url).post(
        '/api/auth/password-reset',
        { email },
        { origin: node1.url },
      );
      expect(res.status).toBe(202);
    }
    await new Promise((r) => setTimeout(r, 500));
    const sent = smtp.mails.filter((m) => JSON.stringify(m.to).includes(email)).length;
    expect(sent).toBe(3);
  });
});
