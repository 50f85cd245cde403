import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, ChannelSettings } from '#shared/channels';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { isEvent } from '../../../test/test-socket';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

/** Issue 48: a channel's administration reaches every node's sockets (Redis broker). */
let nodes: TwoNodes;
let owner: Actor;
let member: Actor;
beforeAll(async () => {
  nodes = await startTwoNodes();
  owner = await buildUser(nodes.node1, { displayName: 'Olivia' });
  member = await buildUser(nodes.node1, { displayName: 'Mia' });
});
afterAll(() => nodes?.close());

describe('channel administration across nodes', () => {
  it('an archive and a role made on node 1 reach a member’s tabs on node 2', async () => {
    const channel: Channel = await buildChannel(owner, { type: 'group' });
    await addMember(channel, owner, member);
    const tabs = await Promise.all([
      nodes.open(nodes.node2, member),
      nodes.open(nodes.node2, member),
    ]);
    const named = await owner.client.request(
      'PUT',
      `/api/channels/${channel.id}/members/${member.user.id}/role`,
      { role: 'admin' },
    );
    expect(named.status).toBe(200);
    const archived = await owner.client.post<ChannelSettings>(
      `/api/channels/${channel.id}/archive`,
    );
    expect(archived.status).toBe(200);
    for (const tab of tabs) {
      await tab.next(isEvent('member_role_changed', { userId: member.user.id, role: 'admin' }));
      const event = await tab.next(isEvent('channel_changed', { channelId: channel.id }));
      expect(event).toMatchObject({ archivedAt: archived.body.archivedAt });
    }
    // The member, now administrator, brings it back from node 2; node 1's owner hears it.
    const ownerTab = await nodes.open(nodes.node1, owner);
    const back = await nodes
      .on(nodes.node2, member)
      .client.post(`/api/channels/${channel.id}/unarchive`);
    expect(back.status).toBe(200);
    await ownerTab.next(isEvent('channel_changed', { channelId: channel.id, archivedAt: null }));
  });
});
