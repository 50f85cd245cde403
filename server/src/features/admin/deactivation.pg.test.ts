/**
 * Deactivation across two nodes behind Redis (issue 48 item 1): the account's sessions and
 * sockets end on every node at once, and no node lets it back in (password, open session,
 * socket); everyone's tabs, on either node, hear the account changed (« (désactivé) »), and
 * the instance's new name. PostgreSQL only: two processes cannot share the embedded store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstanceInfo } from '#shared/admin';
import type { ApiErrorBody } from '#shared/auth';
import { CLOSE_SESSION_ENDED, type ServerEvent } from '#shared/protocol';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import type { TestServer } from '../../../test/server';
import { isEvent, TestSocket } from '../../../test/test-socket';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

describe('deactivating an account on two nodes', () => {
  let nodes: TwoNodes;
  let node1: TestServer;
  let node2: TestServer;
  let admin: Actor;
  let colleague: Actor;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ node1, node2 } = nodes);
    admin = await buildUser(node1, { firstName: 'Adèle' });
    colleague = await buildUser(node1, { firstName: 'Nina' });
  });

  type UserChanged = Extract<ServerEvent, { type: 'user_changed' }>;
  const userChanged = (id: string) => (e: ServerEvent) =>
    e.type === 'user_changed' && e.user.id === id;
  afterAll(() => nodes?.close());

  it('closes its sockets and sessions on both nodes and refuses it everywhere', async () => {
    const leaving = await buildUser(node1, { firstName: 'Léo' });
    // A second session, signed in through node 2 (another device).
    const phone = new TestClient(node2.url);
    const login = await phone.post('/api/auth/login', {
      email: leaving.user.email,
      password: leaving.password,
    });
    expect(login.status).toBe(200);
    const onNode1 = await nodes.open(node1, leaving);
    const onNode2 = await TestSocket.open(node2, phone);
    nodes.sockets.push(onNode2);
    // The administrator's console on node 2 hears of the act made through node 1.
    const console2 = await nodes.open(node2, admin);
    // A colleague's tabs on both nodes, which show the account's name.
    const colleagueTabs = [await nodes.open(node1, colleague), await nodes.open(node2, colleague)];

    const res = await admin.client.post(`/api/admin/users/${leaving.user.id}/deactivate`);
    expect(res.status).toBe(200);

    // Both sockets close at once, the one on the other node too.
    expect((await onNode1.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await onNode2.closed).code).toBe(CLOSE_SESSION_ENDED);
    await console2.next(isEvent('admin_user_changed', { userId: leaving.user.id }));
    for (const tab of colleagueTabs) {
      const marked = await tab.next<UserChanged>(userChanged(leaving.user.id));
      expect(marked.user).toMatchObject({ firstName: 'Léo', deactivated: true });
    }

    for (const node of [node1, node2]) {
      // The open sessions are worth nothing on either node.
      expect((await nodes.on(node, leaving).client.get('/api/auth/user')).status).toBe(401);
      // A new socket with the old cookie is refused at the upgrade.
      await expect(TestSocket.connect(node, phone.cookieHeader)).rejects.toMatchObject({
        status: 401,
      });
      // Signing in again is refused.
      const again = await new TestClient(node.url).post<ApiErrorBody>('/api/auth/login', {
        email: leaving.user.email,
        password: leaving.password,
      });
      expect(again.status).toBe(403);
      expect(again.body.message).toBe('Ce compte a été désactivé par un administrateur');
    }
    expect((await phone.get('/api/auth/user')).status).toBe(401);

    // Reactivated through node 2, it signs in on node 1 and opens a socket.
    expect(
      (await nodes.on(node2, admin).client.post(`/api/admin/users/${leaving.user.id}/reactivate`))
        .status,
    ).toBe(200);
    for (const tab of colleagueTabs) {
      const unmarked = await tab.next<UserChanged>(userChanged(leaving.user.id));
      expect(unmarked.user).not.toHaveProperty('deactivated');
    }
    const back = new TestClient(node1.url);
    expect(
      (
        await back.post('/api/auth/login', {
          email: leaving.user.email,
          password: leaving.password,
        })
      ).status,
    ).toBe(200);
    const socket = await TestSocket.open(node1, back);
    nodes.sockets.push(socket);
  });

  it('tells every tab on both nodes the instance’s new name', async () => {
    const tab1 = await nodes.open(node1, colleague);
    const tab2 = await nodes.open(node2, colleague);
    const saved = await nodes.on(node2, admin).client.put('/api/admin/instance', {
      name: 'Coopérative des Pentes',
    });
    expect(saved.status).toBe(200);
    for (const tab of [tab1, tab2]) {
      await tab.next(isEvent('instance_changed', { name: 'Coopérative des Pentes' }));
    }
    const read = await nodes.on(node1, colleague).client.get<InstanceInfo>('/api/instance');
    expect(read.body.name).toBe('Coopérative des Pentes');
  });
});
