import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Message } from '#shared/messages';
import type { NotificationPage } from '#shared/notifications';
import type { ServerEvent } from '#shared/protocol';
import type { UserGroup, UserGroupList } from '#shared/user-groups';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener } from '../../../test/test-socket';
import { users } from '../../auth/schema';
import type { AppContext } from '../../context';
import { notificationsSettled } from '../notifications/subscriptions';

let server: TestServer;
let ctx: AppContext;
let alice: Actor;
let bob: Actor;
let carol: Actor;
let admin: Actor;

beforeAll(async () => {
  server = await startTestServer({
    features: [
      (_app, context) => {
        ctx = context;
      },
    ],
  });
  alice = await buildUser(server, { firstName: 'Alice' });
  bob = await buildUser(server, { firstName: 'Bob' });
  carol = await buildUser(server, { firstName: 'Carole' });
  admin = await buildUser(server, { firstName: 'Adèle' });
  await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  // The first account of an instance is its administrator: Alice is one too.
  await server.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, alice.user.id));
});
afterAll(() => server?.close());
const openSocket = socketOpener(() => server);

let counter = 0;
const handle = (base = 'equipe') => `${base}-${Date.now().toString(36)}${counter++}`;
const create = (who: Actor, body: unknown) =>
  who.client.post<UserGroup & ApiErrorBody>('/api/user-groups', body);

describe('/api/user-groups (USER_GROUPS_MANAGED_BY=members, the default)', () => {
  it('creates, lists, changes and deletes a group; everyone signed in sees it live', async () => {
    const bobSocket = await openSocket(bob);
    const h = handle();
    const created = await create(alice, {
      name: 'Équipe produit',
      handle: `@${h.toUpperCase()}`,
      members: [alice.user.id, carol.user.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Équipe produit', handle: h });
    expect([...created.body.memberIds].sort()).toEqual([alice.user.id, carol.user.id].sort());
    const saved = await bobSocket.next<Extract<ServerEvent, { type: 'user_group_saved' }>>(
      isEvent('user_group_saved'),
    );
    expect(saved.group).toEqual(created.body);

    const listed = await bob.client.get<UserGroupList>('/api/user-groups');
    expect(listed.body.managedBy).toBe('members');
    expect(listed.body.channelWideMentions).toBe('everyone');
    expect(listed.body.groups).toContainEqual(created.body);

    // A member of the group changes it; someone outside it may not (403).
    const id = created.body.id;
    const renamed = await carol.client.patch<UserGroup>(`/api/user-groups/${id}`, {
      name: 'Produit',
      members: [carol.user.id, bob.user.id],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Produit');
    expect([...renamed.body.memberIds].sort()).toEqual([bob.user.id, carol.user.id].sort());
    const outsider = await alice.client.patch<ApiErrorBody>(`/api/user-groups/${id}`, {
      name: 'Pris',
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(
      'Seuls les membres du groupe ou un administrateur peuvent le modifier',
    );
    expect((await alice.client.delete(`/api/user-groups/${id}`)).status).toBe(403);
    // An administrator may, member or not.
    expect((await admin.client.delete(`/api/user-groups/${id}`)).status).toBe(204);
    const deleted = await bobSocket.next(isEvent('user_group_deleted', { groupId: id }));
    expect(deleted).toEqual({ type: 'user_group_deleted', groupId: id });
    expect((await admin.client.delete(`/api/user-groups/${id}`)).status).toBe(404);
    expect((await bob.client.patch(`/api/user-groups/${id}`, { name: 'x' })).status).toBe(404);
    expect((await bob.client.patch('/api/user-groups/pas-un-id', { name: 'x' })).status).toBe(404);
  });

  it('validates (400), refuses a handle taken (409) or reserved, and strangers (401)', async () => {
    const h = handle('unique');
    expect((await create(alice, { name: 'Un', handle: h })).status).toBe(201);
    const taken = await create(bob, { name: 'Deux', handle: h });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Un groupe porte déjà cet identifiant');
    for (const body of [
      { name: 'Sans identifiant' },
      { name: '', handle: handle() },
      { name: 'x', handle: 'a' },
      { name: 'x', handle: 'deux mots' },
      { name: 'x', handle: 'here' },
      { name: 'x', handle: '@channel' },
      { name: 'x', handle: handle(), members: ['pas-un-uuid'] },
      { name: 'x', handle: handle(), extra: true },
    ]) {
      const res = await create(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const unknown = await create(alice, {
      name: 'x',
      handle: handle(),
      members: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Un des membres choisis n’existe pas');
    expect((await fetch(`${server.url}/api/user-groups`)).status).toBe(401);
  });
});

describe('a group mention', () => {
  it('notifies the group’s members who can read the channel, as a mention', async () => {
    const h = handle('design');
    const group = await create(alice, {
      name: 'Design',
      handle: h,
      members: [bob.user.id, carol.user.id, alice.user.id],
    });
    expect(group.status).toBe(201);
    const channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, bob);
    // Carol is in the group but not in the channel: she hears nothing of it.
    const message = await sendMessage(alice, channel.id, `Avis demandé @${h}, merci`);
    expect(message.mentions).toEqual([bob.user.id]);
    await notificationsSettled(ctx.events);
    const bobs = await bob.client.get<NotificationPage>('/api/notifications');
    expect(bobs.body.notifications).toContainEqual(
      expect.objectContaining({ type: 'mention', messageId: message.id }),
    );
    const carols = await carol.client.get<NotificationPage>('/api/notifications');
    expect(carols.body.notifications.filter((n) => n.channelId === channel.id)).toEqual([]);
  });

  it('does not reveal a channel’s members to a stranger (404)', async () => {
    const channel = await buildChannel(alice, { type: 'group' });
    const res = await carol.client.post<Message & ApiErrorBody>(
      `/api/channels/${channel.id}/messages`,
      { content: '@channel bonjour' },
    );
    expect(res.status).toBe(404);
  });
});

describe('USER_GROUPS_MANAGED_BY=admins', () => {
  it('lets only administrators create, change and delete groups', async () => {
    const other = await startTestServer({ env: { USER_GROUPS_MANAGED_BY: 'admins' } });
    try {
      const first = await buildUser(other);
      const someone = await buildUser(other);
      await other.database.db
        .update(users)
        .set({ isAdmin: true })
        .where(eq(users.id, first.user.id));
      const refused = await someone.client.post<ApiErrorBody>('/api/user-groups', {
        name: 'Moi',
        handle: 'moi-seul',
        members: [someone.user.id],
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Seuls les administrateurs gèrent les groupes');
      const made = await first.client.post<UserGroup>('/api/user-groups', {
        name: 'Support',
        handle: 'support',
        members: [someone.user.id],
      });
      expect(made.status).toBe(201);
      // Being a member is not enough here.
      const change = await someone.client.patch(`/api/user-groups/${made.body.id}`, { name: 'x' });
      expect(change.status).toBe(403);
      const listed = await someone.client.get<UserGroupList>('/api/user-groups');
      expect(listed.body.managedBy).toBe('admins');
    } finally {
      await other.close();
    }
  });
});
