import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { AdminChannelPage, Channel, ChannelMember, ChannelSettings } from '#shared/channels';
import type { ChannelInvite } from '#shared/invites';
import type { Message } from '#shared/messages';
import type { SearchPage } from '#shared/search';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, TestSocket } from '../../../test/test-socket';

let server: TestServer;
let root: Actor; // the workspace's first account: its administrator
let owner: Actor;
let admin: Actor; // made administrator of each channel by its owner
let member: Actor;
let stranger: Actor;
beforeAll(async () => {
  server = await startTestServer();
  root = await buildUser(server, { displayName: 'Root' });
  [owner, admin, member, stranger] = await Promise.all([
    buildUser(server, { displayName: 'Olivia' }),
    buildUser(server, { displayName: 'Adam' }),
    buildUser(server, { displayName: 'Mia' }),
    buildUser(server, { displayName: 'Sam' }),
  ]);
});
afterAll(() => server?.close());

const role = (who: Actor, channelId: string, userId: string, value: 'admin' | 'member') =>
  who.client.request<ChannelMember & ApiErrorBody>(
    'PUT',
    `/api/channels/${channelId}/members/${userId}/role`,
    { role: value },
  );

/** A private group of owner, admin (channel administrator) and member. */
async function staffedGroup(type: 'group' | 'channel' = 'group'): Promise<Channel> {
  const channel = await buildChannel(owner, { type });
  await addMember(channel, owner, admin);
  await addMember(channel, owner, member);
  expect((await role(owner, channel.id, admin.user.id, 'admin')).status).toBe(200);
  return channel;
}

const members = async (channelId: string) =>
  (await owner.client.get<ChannelMember[]>(`/api/channels/${channelId}/members`)).body;

async function auditRows(action: string, channelId: string) {
  const rows = await server.database.db.execute<{ actor_id: string; details: unknown }>(
    sql`select actor_id, details from audit_log where action = ${action} and target_id = ${channelId}`,
  );
  return [...rows];
}

describe('channel roles', () => {
  it('the owner names an administrator and takes the role back; audited, live', async () => {
    const channel = await buildChannel(owner, { type: 'group' });
    await addMember(channel, owner, member);
    const socket = await TestSocket.open(server, member.client);
    try {
      const named = await role(owner, channel.id, member.user.id, 'admin');
      expect(named.status).toBe(200);
      expect(named.body).toMatchObject({ userId: member.user.id, role: 'admin' });
      await socket.next(
        isEvent('member_role_changed', {
          channelId: channel.id,
          userId: member.user.id,
          role: 'admin',
        }),
      );
      const mine = await member.client.get<Channel>(`/api/channels/${channel.id}`);
      expect(mine.body.role).toBe('admin');

      const back = await role(owner, channel.id, member.user.id, 'member');
      expect(back.body.role).toBe('member');
      await socket.next(isEvent('member_role_changed', { userId: member.user.id, role: 'member' }));
    } finally {
      socket.ws.terminate();
    }
    const audited = await auditRows('channel.role_changed', channel.id);
    expect(audited.map((r) => r.details)).toEqual([
      { userId: member.user.id, from: 'member', to: 'admin' },
      { userId: member.user.id, from: 'admin', to: 'member' },
    ]);
  });

  it('only the owner (or a workspace administrator) changes roles', async () => {
    const channel = await staffedGroup();
    const byAdmin = await role(admin, channel.id, member.user.id, 'admin');
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe(
      'Seul le propriétaire du canal nomme ou retire ses administrateurs',
    );
    expect((await role(member, channel.id, member.user.id, 'admin')).status).toBe(403);
    // A stranger learns nothing of a private group.
    expect((await role(stranger, channel.id, member.user.id, 'admin')).status).toBe(404);
    // The owner's role changes only by a transfer.
    const ownRole = await role(owner, channel.id, owner.user.id, 'member');
    expect(ownRole.status).toBe(409);
    // Someone who is not a member, a bad role.
    expect((await role(owner, channel.id, stranger.user.id, 'admin')).status).toBe(404);
    const bad = await owner.client.request<ApiErrorBody>(
      'PUT',
      `/api/channels/${channel.id}/members/${member.user.id}/role`,
      { role: 'owner' },
    );
    expect(bad.status).toBe(400);
    expect((await role(root, channel.id, member.user.id, 'admin')).status).toBe(200);
  });

  // The matrix of issue 48: owner and channel administrators manage, members do not.
  it.each([
    ['owner', () => owner, true],
    ['admin', () => admin, true],
    ['member', () => member, false],
  ] as const)('%s: rename, custom invite, revoke, remove, archive', async (_, who, allowed) => {
    const channel = await staffedGroup();
    const actor = who();
    const expectAllowed = (status: number, ok: number) => expect(status).toBe(allowed ? ok : 403);

    const renamed = await actor.client.patch<ChannelSettings>(`/api/channels/${channel.id}`, {
      name: 'nouveau-nom',
      description: 'Décrit autrement',
    });
    expectAllowed(renamed.status, 200);
    if (allowed)
      expect(renamed.body).toMatchObject({ name: 'nouveau-nom', description: 'Décrit autrement' });

    const custom = await actor.client.post<ChannelInvite>(`/api/channels/${channel.id}/invites`, {
      maxUses: 3,
    });
    expectAllowed(custom.status, 201);
    // Any member may still share the channel's active invite (docs/product.md §6).
    const shared = await member.client.post<ChannelInvite>(`/api/channels/${channel.id}/invites`);
    expect(shared.status).toBeLessThan(300);
    const revoked = await actor.client.delete(
      `/api/channels/${channel.id}/invites/${shared.body.id}`,
    );
    expectAllowed(revoked.status, 204);

    const removed = await actor.client.delete(
      `/api/channels/${channel.id}/members/${stranger.user.id}`,
    );
    // Nobody removes who is not there (404) — unless refused first (403).
    expect(removed.status).toBe(allowed ? 404 : 403);
    const victim = await buildUser(server);
    await addMember(channel, owner, victim);
    const out = await actor.client.delete(`/api/channels/${channel.id}/members/${victim.user.id}`);
    expectAllowed(out.status, 204);

    const archived = await actor.client.post<ChannelSettings>(
      `/api/channels/${channel.id}/archive`,
    );
    expectAllowed(archived.status, 200);
    if (allowed) expect(archived.body.archivedAt).not.toBeNull();
    // Whoever is refused changed nothing.
    if (!allowed) {
      const after = await owner.client.get<Channel>(`/api/channels/${channel.id}`);
      expect(after.body).toMatchObject({ name: channel.name, archivedAt: null });
      expect((await members(channel.id)).map((m) => m.userId)).toContain(victim.user.id);
    }
  });

  it('a channel administrator does not remove the owner or another administrator', async () => {
    const channel = await staffedGroup();
    expect((await role(owner, channel.id, member.user.id, 'admin')).status).toBe(200);
    const res = await admin.client.delete<ApiErrorBody>(
      `/api/channels/${channel.id}/members/${member.user.id}`,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Seul le propriétaire retire un administrateur du canal');
    expect(
      (await admin.client.delete(`/api/channels/${channel.id}/members/${owner.user.id}`)).status,
    ).toBe(403);
    expect(
      (await owner.client.delete(`/api/channels/${channel.id}/members/${member.user.id}`)).status,
    ).toBe(204);
  });

  it('refuses bad settings (400) and answers 404 to strangers of a private group', async () => {
    const channel = await staffedGroup();
    const empty = await owner.client.patch<ApiErrorBody>(`/api/channels/${channel.id}`, {
      name: ' ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Le nom du canal est requis');
    expect((await owner.client.patch(`/api/channels/${channel.id}`, {})).status).toBe(400);
    expect((await stranger.client.patch(`/api/channels/${channel.id}`, { name: 'x' })).status).toBe(
      404,
    );
    expect((await stranger.client.post(`/api/channels/${channel.id}/archive`)).status).toBe(404);
    // A public channel's stranger is no member either: 404 too.
    const open = await buildChannel(owner);
    expect((await stranger.client.post(`/api/channels/${open.id}/archive`)).status).toBe(404);
    // A workspace administrator may, member or not.
    expect(
      (await root.client.patch(`/api/channels/${channel.id}`, { description: 'Par l’admin' }))
        .status,
    ).toBe(200);
  });
});

describe('archived channels', () => {
  it('are read-only: no message, edit, deletion or reaction (409), by HTTP or socket', async () => {
    const channel = await staffedGroup();
    const said = await sendMessage(member, channel.id, 'avant l’archivage, mot-témoin-zéphyr');
    const archived = await admin.client.post<ChannelSettings>(
      `/api/channels/${channel.id}/archive`,
    );
    expect(archived.status).toBe(200);

    const send = await member.client.post<ApiErrorBody>(`/api/channels/${channel.id}/messages`, {
      content: 'après',
    });
    expect(send.status).toBe(409);
    expect(send.body.message).toBe('Ce canal est archivé');
    const reply = await member.client.post<ApiErrorBody>(`/api/channels/${channel.id}/messages`, {
      content: 'réponse',
      parentMessageId: said.id,
      clientId: 'reponse-1',
    });
    expect(reply.status).toBe(409);
    const edit = await member.client.patch<ApiErrorBody>(`/api/messages/${said.id}`, {
      content: 'changé',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Ce canal est archivé');
    const react = await owner.client.post<ApiErrorBody>(`/api/messages/${said.id}/reactions`, {
      emoji: '👍',
    });
    expect(react.status).toBe(409);
    expect((await member.client.delete(`/api/messages/${said.id}`)).status).toBe(409);
    // Renaming waits for the channel to come back.
    expect(
      (await owner.client.patch(`/api/channels/${channel.id}`, { name: 'autre' })).status,
    ).toBe(409);

    const socket = await TestSocket.open(server, member.client);
    try {
      socket.send({
        type: 'send_message',
        channelId: channel.id,
        clientId: 'ws-1',
        message: { content: 'par le socket' },
      });
      const rejected = await socket.next(isEvent('message_rejected', { clientId: 'ws-1' }));
      expect(rejected).toMatchObject({ status: 409, message: 'Ce canal est archivé' });
    } finally {
      socket.ws.terminate();
    }

    // Still readable and searchable; nothing was written.
    const page = await member.client.get<{ messages: Message[] }>(
      `/api/channels/${channel.id}/messages`,
    );
    expect(page.body.messages.map((m) => m.content)).toEqual([said.content]);
    const found = await member.client.get<SearchPage>('/api/search?q=mot-témoin-zéphyr');
    expect(found.body.results.map((r) => r.id)).toContain(said.id);
    const mine = await member.client.get<Channel[]>('/api/channels');
    expect(mine.body.find((c) => c.id === channel.id)?.archivedAt).toBe(archived.body.archivedAt);

    // Brought back, it takes messages again.
    const back = await owner.client.post<ChannelSettings>(`/api/channels/${channel.id}/unarchive`);
    expect(back.body.archivedAt).toBeNull();
    expect(
      (await member.client.post(`/api/channels/${channel.id}/messages`, { content: 'revenu' }))
        .status,
    ).toBe(201);
    expect((await auditRows('channel.archived', channel.id)).map((r) => r.actor_id)).toEqual([
      admin.user.id,
    ]);
    expect((await auditRows('channel.unarchived', channel.id)).map((r) => r.actor_id)).toEqual([
      owner.user.id,
    ]);
  });

  it('archiving twice changes nothing; a workspace administrator archives any channel', async () => {
    const channel = await staffedGroup('channel');
    const first = await root.client.post<ChannelSettings>(`/api/channels/${channel.id}/archive`);
    expect(first.status).toBe(200);
    const again = await owner.client.post<ChannelSettings>(`/api/channels/${channel.id}/archive`);
    expect(again.body.archivedAt).toBe(first.body.archivedAt);
    expect(await auditRows('channel.archived', channel.id)).toHaveLength(1);
  });

  it('reach every member’s sockets at once', async () => {
    const channel = await staffedGroup();
    const sockets = await Promise.all(
      [member, owner].map((a) => TestSocket.open(server, a.client)),
    );
    try {
      await admin.client.post(`/api/channels/${channel.id}/archive`);
      for (const socket of sockets) {
        const event = await socket.next(isEvent('channel_changed', { channelId: channel.id }));
        expect(event).toMatchObject({ name: channel.name, archivedAt: expect.any(String) });
      }
    } finally {
      for (const socket of sockets) socket.ws.terminate();
    }
  });

  it('direct conversations are neither archived nor administered', async () => {
    const dm = await owner.client.post<Channel>('/api/channels/direct', { userId: member.user.id });
    expect((await owner.client.post(`/api/channels/${dm.body.id}/archive`)).status).toBe(403);
    expect((await root.client.delete(`/api/admin/channels/${dm.body.id}`)).status).toBe(404);
  });
});

describe('ownership', () => {
  it('the owner hands the channel to a member and stays as its administrator', async () => {
    const channel = await staffedGroup();
    const socket = await TestSocket.open(server, admin.client);
    try {
      const res = await owner.client.post<ChannelMember>(`/api/channels/${channel.id}/owner`, {
        userId: member.user.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ userId: member.user.id, role: 'owner' });
      await socket.next(isEvent('member_role_changed', { userId: member.user.id, role: 'owner' }));
    } finally {
      socket.ws.terminate();
    }
    const roles = Object.fromEntries((await members(channel.id)).map((m) => [m.userId, m.role]));
    expect(roles).toEqual({
      [owner.user.id]: 'admin',
      [admin.user.id]: 'admin',
      [member.user.id]: 'owner',
    });
    // The former owner no longer deletes it; the new one could.
    expect((await owner.client.delete(`/api/channels/${channel.id}`)).status).toBe(403);
    expect(await auditRows('channel.owner_changed', channel.id)).toEqual([
      { actor_id: owner.user.id, details: { from: [owner.user.id], to: member.user.id } },
    ]);
  });

  it('is refused to administrators and members (403), to non-members as a target (404)', async () => {
    const channel = await staffedGroup();
    const byAdmin = await admin.client.post<ApiErrorBody>(`/api/channels/${channel.id}/owner`, {
      userId: admin.user.id,
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe('Seul le propriétaire du canal transfère sa propriété');
    expect(
      (await owner.client.post(`/api/channels/${channel.id}/owner`, { userId: stranger.user.id }))
        .status,
    ).toBe(404);
    expect(
      (await owner.client.post(`/api/channels/${channel.id}/owner`, { userId: 'x' })).status,
    ).toBe(400);
    // The console's route is the workspace administrators' only.
    expect(
      (
        await owner.client.post(`/api/admin/channels/${channel.id}/transfer`, {
          userId: member.user.id,
        })
      ).status,
    ).toBe(403);
    // The console lists the channel's members to choose from; others get 403.
    const listed = await root.client.get<ChannelMember[]>(
      `/api/admin/channels/${channel.id}/members`,
    );
    expect(listed.body.map((m) => [m.userId, m.role])).toEqual([
      [owner.user.id, 'owner'],
      [admin.user.id, 'admin'],
      [member.user.id, 'member'],
    ]);
    expect((await owner.client.get(`/api/admin/channels/${channel.id}/members`)).status).toBe(403);
    const byRoot = await root.client.post<ChannelMember>(
      `/api/admin/channels/${channel.id}/transfer`,
      {
        userId: admin.user.id,
      },
    );
    expect(byRoot.status).toBe(200);
    expect(byRoot.body.role).toBe('owner');
  });
});

describe('GET /api/admin/channels', () => {
  it('lists every channel, private ones too, without their content; members get 403', async () => {
    const tag = `liste-${Math.random().toString(36).slice(2, 7)}`;
    const group = await buildChannel(owner, {
      type: 'group',
      name: `${tag}-b-privé`,
      description: 'secret',
    });
    await addMember(group, owner, member);
    await sendMessage(member, group.id, 'contenu confidentiel');
    const open = await buildChannel(admin, { name: `${tag}-a-public` });
    await admin.client.post(`/api/channels/${open.id}/archive`);

    const res = await root.client.get<AdminChannelPage>(`/api/admin/channels?q=${tag}`);
    expect(res.status).toBe(200);
    expect(res.body.channels.map((c) => c.name)).toEqual([`${tag}-a-public`, `${tag}-b-privé`]);
    const [a, b] = res.body.channels;
    expect(a).toMatchObject({
      type: 'channel',
      memberCount: 1,
      lastActivityAt: null,
      isDefault: false,
    });
    expect(a?.archivedAt).not.toBeNull();
    expect(b).toMatchObject({
      type: 'group',
      memberCount: 2,
      archivedAt: null,
      owner: { id: owner.user.id },
    });
    expect(Date.parse(b?.lastActivityAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('confidentiel');
    expect(text).not.toContain('secret');

    expect((await member.client.get<ApiErrorBody>('/api/admin/channels')).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/admin/channels')).status).toBe(401);
  });

  it('pages by name with a cursor', async () => {
    const tag = `page-${Math.random().toString(36).slice(2, 7)}`;
    const made = [];
    for (let i = 0; i < 53; i++) made.push(`${tag}-${String(i).padStart(2, '0')}`);
    for (const name of made) await buildChannel(owner, { name });
    const first = await root.client.get<AdminChannelPage>(`/api/admin/channels?q=${tag}`);
    expect(first.body.channels).toHaveLength(50);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await root.client.get<AdminChannelPage>(
      `/api/admin/channels?q=${tag}&cursor=${first.body.nextCursor}`,
    );
    expect([...first.body.channels, ...second.body.channels].map((c) => c.name)).toEqual(made);
    expect(second.body.nextCursor).toBeNull();
    expect((await root.client.get('/api/admin/channels?cursor=nimporte')).status).toBe(400);
  });
});

describe('DELETE /api/admin/channels/:id', () => {
  it('deletes any channel for a workspace administrator; audited; 403 for others', async () => {
    const channel = await staffedGroup();
    expect((await owner.client.delete(`/api/admin/channels/${channel.id}`)).status).toBe(403);
    const socket = await TestSocket.open(server, member.client);
    try {
      expect((await root.client.delete(`/api/admin/channels/${channel.id}`)).status).toBe(204);
      await socket.next(isEvent('channel_deleted', { channelId: channel.id }));
    } finally {
      socket.ws.terminate();
    }
    expect((await member.client.get(`/api/channels/${channel.id}`)).status).toBe(404);
    expect((await root.client.delete(`/api/admin/channels/${channel.id}`)).status).toBe(404);
    const audited = await auditRows('channel.deleted', channel.id);
    expect(audited).toEqual([{ actor_id: root.user.id, details: { memberCount: 3 } }]);
  });
});

describe('the default channel', () => {
  let withDefault: TestServer;
  beforeAll(async () => {
    withDefault = await startTestServer({ env: { DEFAULT_CHANNEL: 'général' } });
  });
  afterAll(() => withDefault?.close());

  it('is neither archived, renamed nor deleted (409), whoever asks', async () => {
    const first = await buildUser(withDefault); // its owner, and the workspace's administrator
    const [general] = (await first.client.get<Channel[]>('/api/channels')).body;
    expect(general?.name).toBe('général');
    const id = general?.id;
    for (const res of [
      await first.client.post<ApiErrorBody>(`/api/channels/${id}/archive`),
      await first.client.patch<ApiErrorBody>(`/api/channels/${id}`, { name: 'autre' }),
      await first.client.delete<ApiErrorBody>(`/api/channels/${id}`),
      await first.client.delete<ApiErrorBody>(`/api/admin/channels/${id}`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(
        /^Le canal par défaut de l’espace de travail ne peut pas être/,
      );
    }
    // Its description may change.
    expect(
      (await first.client.patch(`/api/channels/${id}`, { description: 'Tout le monde' })).status,
    ).toBe(200);
    const listed = await first.client.get<AdminChannelPage>('/api/admin/channels');
    expect(listed.body.channels.find((c) => c.id === id)?.isDefault).toBe(true);
  });
});
