import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { Message } from '#shared/messages';
import { foldMessage, foldsInto } from '#shared/notification-fold';
import type {
  ChannelNotificationSettings,
  Notification,
  NotificationPage,
  NotificationPreferences,
} from '#shared/notifications';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { countedStatements } from '../../../test/store-counters';
import { isEvent, socketOpener } from '../../../test/test-socket';
import type { AppContext } from '../../context';
import { uuids } from '../../db/values';
import { EventBus } from '../../events/bus';
import { notifyMessage } from './create';
import { notificationsSettled, subscribeNotifications } from './subscriptions';

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
const open = socketOpener(() => server);
type NewNotification = Extract<ServerEvent, { type: 'new_notification' }>;
type NewMessage = Extract<ServerEvent, { type: 'new_message' }>;

/** Every notification of every event published so far is made: then the store is the truth. */
const settled = () => notificationsSettled(ctx.events);
const list = async (who: Actor) => {
  await settled();
  const res = await who.client.get<NotificationPage>('/api/notifications');
  expect(res.status).toBe(200);
  return res.body.notifications;
};
const unread = async (who: Actor) => {
  await settled();
  return (await who.client.get<{ count: number }>('/api/notifications/unread-count')).body.count;
};
const setPreferences = async (who: Actor, change: Partial<NotificationPreferences>) => {
  const current = (await who.client.get<NotificationPreferences>('/api/notifications/preferences'))
    .body;
  const res = await who.client.patch('/api/notifications/preferences', { ...current, ...change });
  expect(res.status).toBe(200);
};
const setChannel = (who: Actor, channelId: string, body: unknown) =>
  who.client.request<ChannelNotificationSettings & ApiErrorBody>(
    'PUT',
    `/api/channels/${channelId}/notification-settings`,
    body,
  );
const mention = (who: Actor, channelId: string, to: Actor, text = 'regarde') =>
  sendMessage(who, channelId, {
    content: `${text} @${to.user.displayName}`,
    mentions: [to.user.id],
  });

/** Alice's channel with Bob (and anyone else given) as members. */
async function channelWith(...others: Actor[]): Promise<Channel> {
  const channel = await buildChannel(alice);
  for (const other of others) await addMember(channel, alice, other);
  return channel;
}

let alice: Actor;
let bob: Actor;
let carol: Actor;
beforeEach(async () => {
  [alice, bob, carol] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
    buildUser(server, { displayName: 'Carol' }),
  ]);
});

describe('mentions', () => {
  it('notify the mentioned member live, never the author', async () => {
    const channel = await channelWith(bob);
    const socket = await open(bob);
    const sent = await mention(alice, channel.id, bob);
    const event = (await socket.next(isEvent('new_notification'))) as Extract<
      ServerEvent,
      { type: 'new_notification' }
    >;
    expect(event.notification).toMatchObject({
      type: 'mention',
      read: false,
      count: 1,
      channelId: channel.id,
      channelName: channel.name,
      messageId: sent.id,
      triggeredBy: { id: alice.user.id, name: 'Alice' },
    });
    expect(event.notification.title).toBe(`Alice vous a mentionné dans #${channel.name}`);
    expect(event.notification.content).toContain('regarde');
    expect(event.unreadCount).toBe(1);
    expect(await list(bob)).toEqual([event.notification]);
    expect(await list(alice)).toEqual([]);
  });

  it('name a private group without the channel sign', async () => {
    const group = await buildChannel(alice, { type: 'group' });
    await addMember(group, alice, bob);
    const socket = await open(bob);
    await mention(alice, group.id, bob);
    const event = (await socket.next(isEvent('new_notification'))) as Extract<
      ServerEvent,
      { type: 'new_notification' }
    >;
    expect(event.notification.title).toBe(`Alice vous a mentionné dans ${group.name}`);
  });

  it('are not made when the mentions preference is off', async () => {
    const channel = await channelWith(bob);
    await setPreferences(bob, { mentions: false, channelMessages: false });
    await mention(alice, channel.id, bob);
    expect(await list(bob)).toEqual([]);
  });

  it('with the preference off, the message does not fold for the mentioned either (foldsInto)', async () => {
    const channel = await channelWith(bob);
    await setPreferences(bob, { mentions: false });
    await sendMessage(alice, channel.id, 'bonjour');
    await mention(alice, channel.id, bob);
    await sendMessage(alice, channel.id, 'au revoir');
    expect(await list(bob)).toMatchObject([
      { type: 'channel_message', count: 2, content: 'au revoir' },
    ]);
  });
});

describe('edits', () => {
  const edit = async (who: Actor, messageId: string, content: string) => {
    const res = await who.client.patch(`/api/messages/${messageId}`, { content });
    expect(res.status).toBe(200);
  };
  const mentionsOf = async (who: Actor) => (await list(who)).filter((n) => n.type === 'mention');

  it('an edit that mentions someone new notifies them, once', async () => {
    const channel = await channelWith(bob, carol);
    await setPreferences(bob, { channelMessages: false });
    await setPreferences(carol, { channelMessages: false });
    const sent = await sendMessage(alice, channel.id, 'bonjour à tous');
    expect(await list(bob)).toEqual([]);
    const socket = await open(bob);
    await edit(alice, sent.id, 'bonjour @Bob');
    const event = (await socket.next(isEvent('new_notification'))) as Extract<
      ServerEvent,
      { type: 'new_notification' }
    >;
    expect(event.notification).toMatchObject({
      type: 'mention',
      messageId: sent.id,
      content: 'bonjour @Bob',
      triggeredBy: { id: alice.user.id },
    });
    expect(event.unreadCount).toBe(1);
    // Editing again, or taking the mention out and back in, notifies no more.
    await edit(alice, sent.id, 'bonjour @Bob !');
    await edit(alice, sent.id, 'bonjour');
    await edit(alice, sent.id, 'bonjour @Bob, re');
    expect(await mentionsOf(bob)).toHaveLength(1);
    expect(await unread(bob)).toBe(1);
    expect(await list(carol)).toEqual([]);
    expect(await list(alice)).toEqual([]);
    // Someone added by a later edit is notified; who was mentioned from the start is not again.
    const first = await mention(alice, channel.id, carol, 'dès le début');
    await edit(alice, first.id, 'dès le début @Carol et @Bob');
    expect(await mentionsOf(carol)).toHaveLength(1);
    expect((await mentionsOf(bob)).map((n) => n.messageId).sort()).toEqual(
      [sent.id, first.id].sort(),
    );
  });

  it('an edit that adds a mention respects the preference and the channel setting', async () => {
    const channel = await channelWith(bob, carol);
    await setPreferences(bob, { mentions: false, channelMessages: false });
    expect((await setChannel(carol, channel.id, { level: 'all', muted: true })).status).toBe(200);
    const sent = await sendMessage(alice, channel.id, 'rien');
    await edit(alice, sent.id, 'rien @Bob @Carol');
    expect(await list(bob)).toEqual([]);
    expect(await list(carol)).toEqual([]);
  });
});

describe('deleted messages', () => {
  it('take their notifications with them, live on every socket of each recipient', async () => {
    const channel = await channelWith(bob, carol);
    const [one, two] = [await open(bob), await open(bob)];
    const kept = await mention(alice, channel.id, bob, 'reste');
    const gone = await mention(alice, channel.id, bob, 'part');
    const parent = await sendMessage(carol, channel.id, 'un fil');
    await sendMessage(bob, channel.id, { content: 'moi', parentMessageId: parent.id });
    const reply = await mention(alice, channel.id, carol, 'réponse');
    await carol.client.patch('/api/notifications/read-all');
    const threadReply = await sendMessage(alice, channel.id, {
      content: 'dans le fil',
      parentMessageId: parent.id,
    });
    expect((await list(bob)).map((n) => n.messageId)).toContain(gone.id);
    const before = await unread(bob);

    const goneItem = (await list(bob)).find((n) => n.messageId === gone.id);
    expect((await alice.client.delete(`/api/messages/${gone.id}`)).status).toBe(204);
    for (const socket of [one, two]) {
      const event = (await socket.next(isEvent('notifications_deleted'))) as Extract<
        ServerEvent,
        { type: 'notifications_deleted' }
      >;
      expect(event.notificationIds).toEqual([goneItem?.id]);
      expect(event.unreadCount).toBe(before - 1);
    }
    expect((await list(bob)).map((n) => n.messageId)).not.toContain(gone.id);
    expect((await list(bob)).map((n) => n.messageId)).toContain(kept.id);
    expect(await unread(bob)).toBe(before - 1);

    // A thread's parent takes its replies, and the replies' notifications.
    expect((await list(bob)).map((n) => n.messageId)).toContain(threadReply.id);
    expect((await carol.client.delete(`/api/messages/${parent.id}`)).status).toBe(204);
    await one.next(isEvent('notifications_deleted'));
    expect((await list(bob)).map((n) => n.messageId)).not.toContain(threadReply.id);
    expect((await list(carol)).map((n) => n.messageId)).toContain(reply.id);
  });
});

describe('direct messages', () => {
  it('notify the other person, as a conversation started and then as a message', async () => {
    const dm = await alice.client.post<Channel>('/api/channels/direct', {
      recipientId: bob.user.id,
    });
    expect(dm.status).toBe(201);
    await sendMessage(alice, dm.body.id, 'salut');
    const items = await list(bob);
    expect(items.map((n) => n.type)).toEqual(['direct_message', 'channel_invite']);
    expect(items[0]?.title).toBe('Message de Alice');
    expect(items[1]?.title).toBe('Alice a démarré une conversation avec vous');
    expect(await list(alice)).toEqual([]);
  });

  it('are gated by the directMessages and channelInvites preferences', async () => {
    await setPreferences(bob, { directMessages: false, channelInvites: false });
    const dm = await alice.client.post<Channel>('/api/channels/direct', {
      recipientId: bob.user.id,
    });
    await sendMessage(alice, dm.body.id, 'salut');
    expect(await list(bob)).toEqual([]);
  });
});

describe('channel messages', () => {
  it('fold into one unread item per channel, sent once and folded by clients; after it is read a new item starts', async () => {
    const channel = await channelWith(bob, carol);
    const socket = await open(bob);
    for (const text of ['un', 'deux', 'trois']) await sendMessage(alice, channel.id, text);
    expect(await unread(bob)).toBe(1);
    await socket.sync();
    // The item is sent once, with the badge's count; the messages that fold into it after
    // are not (the socket had them, and a client folds them itself): what it folds is what
    // the list says.
    const sent = socket.events.filter(isEvent('new_notification')) as NewNotification[];
    expect(sent.map((e) => [e.notification.count, e.unreadCount])).toEqual([[1, 1]]);
    const messages = (socket.events.filter(isEvent('new_message')) as NewMessage[]).map(
      (e) => e.message,
    );
    expect(messages.map((m) => m.content)).toEqual(['un', 'deux', 'trois']);
    expect(messages.every((m) => foldsInto(m, bob.user.id))).toBe(true);
    const folded = messages.slice(1).reduce(foldMessage, sent[0]?.notification as Notification);
    const [item, ...rest] = await list(bob);
    expect(item).toEqual(folded);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ type: 'channel_message', count: 3, content: 'trois' });
    expect(item?.title).toBe(`Nouveaux messages dans #${channel.name}`);
    expect(await unread(bob)).toBe(1);
    expect((await list(carol))[0]?.count).toBe(3);

    expect((await bob.client.patch(`/api/notifications/${item?.id}/read`)).status).toBe(204);
    expect(await unread(bob)).toBe(0);
    await sendMessage(alice, channel.id, 'quatre');
    const after = await list(bob);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ type: 'channel_message', count: 1, read: false });
    expect(after[1]).toMatchObject({ id: item?.id, count: 3, read: true });
    expect((await list(carol))[0]?.count).toBe(4);
  });

  it('are gated by the channelMessages preference', async () => {
    const channel = await channelWith(bob);
    await setPreferences(bob, { channelMessages: false });
    await sendMessage(alice, channel.id, 'bonjour');
    expect(await list(bob)).toEqual([]);
  });

  it('concurrent messages still fold into one item holding them all', async () => {
    const channel = await channelWith(bob);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => sendMessage(alice, channel.id, `message ${i}`)),
    );
    const items = await list(bob);
    expect(items).toHaveLength(1);
    expect(items[0]?.count).toBe(6);
  });
  it('fold without writing: the item is read from the channel, and what reading it said stays', async () => {
    const channel = await channelWith(bob, carol);
    const first = await sendMessage(alice, channel.id, 'un');
    await settled();
    const rowVersion = async () =>
      [
        ...(await ctx.db.execute(sql`select xmin::text as v from notifications
          where user_id = ${bob.user.id}::uuid and type = 'channel_message'`)),
      ].map((r) => r.v);
    const before = await rowVersion();
    expect(before).toHaveLength(1);
    await sendMessage(carol, channel.id, 'deux');
    await sendMessage(alice, channel.id, { content: 'dans le fil', parentMessageId: first.id });
    await mention(alice, channel.id, bob, 'hé');
    const third = await sendMessage(carol, channel.id, 'trois');
    await settled();
    // The row is as the first message left it; the list says what folded in since (not the
    // reply, not the mention, which is an item of its own).
    expect(await rowVersion()).toEqual(before);
    const item = (await list(bob)).find((n) => n.type === 'channel_message');
    expect(item).toMatchObject({ count: 3, content: 'trois', messageId: first.id });
    expect(item?.triggeredBy?.name).toBe('Carol');
    // A message deleted since is no longer counted.
    expect((await carol.client.delete(`/api/messages/${third.id}`)).status).toBe(204);
    expect((await list(bob)).find((n) => n.id === item?.id)).toMatchObject({
      count: 2,
      content: 'deux',
    });
    // Read, it keeps what it said then, whatever the channel says after.
    expect((await bob.client.patch('/api/notifications/read-all')).status).toBe(204);
    await sendMessage(carol, channel.id, 'cinq');
    const items = await list(bob);
    expect(items[0]).toMatchObject({ type: 'channel_message', count: 1, content: 'cinq' });
    expect(items.find((n) => n.id === item?.id)).toMatchObject({
      count: 2,
      content: 'deux',
      read: true,
    });
  });

  it('an earlier message whose statement runs after a later one’s still folds in', async () => {
    const channel = await channelWith(bob);
    await setPreferences(bob, { channelMessages: false });
    const first = await sendMessage(alice, channel.id, 'un');
    const second = await sendMessage(alice, channel.id, 'deux');
    await settled();
    await setPreferences(bob, { channelMessages: true });
    const context = { name: channel.name, type: channel.type };
    await notifyMessage(ctx.db, second, context);
    await notifyMessage(ctx.db, first, context);
    const items = await list(bob);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ count: 2, content: 'deux', messageId: first.id });
  });
});

describe('per-channel setting', () => {
  it('"mentions" keeps mentions and drops channel messages', async () => {
    const channel = await channelWith(bob);
    const res = await setChannel(bob, channel.id, { level: 'mentions', muted: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ channelId: channel.id, level: 'mentions', muted: false });
    await sendMessage(alice, channel.id, 'bonjour');
    await mention(alice, channel.id, bob);
    expect((await list(bob)).map((n) => n.type)).toEqual(['mention']);
  });

  it('"nothing" and mute silence the channel, mentions included', async () => {
    const quiet = await channelWith(bob);
    const muted = await channelWith(bob);
    await setChannel(bob, quiet.id, { level: 'nothing', muted: false });
    await setChannel(bob, muted.id, { level: 'all', muted: true });
    for (const channel of [quiet, muted]) {
      await sendMessage(alice, channel.id, 'bonjour');
      await mention(alice, channel.id, bob);
    }
    expect(await list(bob)).toEqual([]);
    const got = await bob.client.get<ChannelNotificationSettings>(
      `/api/channels/${muted.id}/notification-settings`,
    );
    expect(got.body).toEqual({ channelId: muted.id, level: 'all', muted: true });
  });

  it('is the caller’s own, for members only, and validated', async () => {
    const channel = await channelWith(bob);
    const defaults = await carol.client.get(`/api/channels/${channel.id}/notification-settings`);
    expect(defaults.status).toBe(404);
    expect((await setChannel(carol, channel.id, { level: 'all', muted: true })).status).toBe(404);
    const bad = await setChannel(bob, channel.id, { level: 'parfois', muted: false });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    const fresh = await bob.client.get<ChannelNotificationSettings>(
      `/api/channels/${channel.id}/notification-settings`,
    );
    expect(fresh.body).toEqual({ channelId: channel.id, level: 'all', muted: false });
  });
});

describe('reactions', () => {
  it('notify the author of the message, not for their own reaction', async () => {
    const channel = await channelWith(bob);
    await setPreferences(bob, { channelMessages: false });
    const message = await sendMessage(bob, channel.id, 'mon message');
    await bob.client.post(`/api/messages/${message.id}/reactions`, { emoji: '👍' });
    await alice.client.post(`/api/messages/${message.id}/reactions`, { emoji: '🎉' });
    const items = await list(bob);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'reaction',
      messageId: message.id,
      content: 'mon message',
      triggeredBy: { id: alice.user.id },
    });
    expect(items[0]?.title).toBe(`Alice a réagi 🎉 à votre message dans #${channel.name}`);
  });

  it('reach the author live, presented with their unread count, in one statement', async () => {
    const channel = await channelWith(bob);
    await setPreferences(bob, { channelMessages: false });
    await mention(alice, channel.id, bob);
    const message = await sendMessage(bob, channel.id, 'mon message');
    expect(await unread(bob)).toBe(1);
    // The subscriber on a bus of its own, over the real store with its statements counted:
    // the reaction's event carries the channel and the actor's name, the statement that
    // writes the item presents it and counts.
    const store = countedStatements(ctx.db);
    const events = new EventBus(server.app.log);
    subscribeNotifications(
      { db: store.db, realtime: ctx.realtime, events, log: server.app.log },
      [],
    );
    const socket = await open(bob);
    events.publish('reactionAdded', {
      channelId: channel.id,
      messageId: message.id,
      authorId: bob.user.id,
      userId: alice.user.id,
      emoji: '🎉',
      content: 'mon message',
      channel: { name: channel.name, type: channel.type },
      actorName: 'Alice',
    });
    await notificationsSettled(events);
    expect(store.statements()).toBe(1);
    const event = (await socket.next(isEvent('new_notification'))) as NewNotification;
    expect(event.unreadCount).toBe(2);
    expect(event.notification).toMatchObject({
      type: 'reaction',
      read: false,
      channelId: channel.id,
      channelName: channel.name,
      channelType: channel.type,
      messageId: message.id,
      content: 'mon message',
      triggeredBy: { id: alice.user.id, name: 'Alice' },
    });
    expect(event.notification.title).toBe(`Alice a réagi 🎉 à votre message dans #${channel.name}`);
    expect((await list(bob))[0]).toEqual(event.notification);
  });

  it('are gated by the reactions preference', async () => {
    const channel = await channelWith(bob);
    await setPreferences(bob, { reactions: false, channelMessages: false });
    const message = await sendMessage(bob, channel.id, 'mon message');
    await alice.client.post(`/api/messages/${message.id}/reactions`, { emoji: '🎉' });
    expect(await list(bob)).toEqual([]);
  });
});

describe('thread replies', () => {
  it('reach a member who holds the channel’s unread item: mentions and thread replies', async () => {
    const channel = await channelWith(bob, carol);
    const parent = await sendMessage(bob, channel.id, 'une question');
    await sendMessage(alice, channel.id, 'un');
    expect((await list(bob)).map((n) => n.type)).toEqual(['channel_message']);
    const mentioned = await mention(carol, channel.id, bob);
    const reply = await sendMessage(alice, channel.id, {
      content: 'la réponse',
      parentMessageId: parent.id,
    });
    await sendMessage(carol, channel.id, 'deux');
    const items = await list(bob);
    expect(items.map((n) => [n.type, n.read])).toEqual([
      ['thread_reply', false],
      ['mention', false],
      ['channel_message', false],
    ]);
    expect(items.map((n) => n.messageId).slice(0, 2)).toEqual([reply.id, mentioned.id]);
    expect(items[2]?.count).toBe(2);
  });

  it('notify who took part in the thread, and no one else', async () => {
    const channel = await channelWith(bob, carol);
    const parent = await sendMessage(alice, channel.id, 'une question');
    await sendMessage(bob, channel.id, { content: 'moi aussi', parentMessageId: parent.id });
    await bob.client.patch('/api/notifications/read-all');
    await alice.client.patch('/api/notifications/read-all');
    await carol.client.patch('/api/notifications/read-all');
    const reply = await sendMessage(carol, channel.id, {
      content: 'la réponse',
      parentMessageId: parent.id,
    });
    for (const who of [alice, bob]) {
      const [item] = (await list(who)).filter((n) => !n.read);
      expect(item).toMatchObject({ type: 'thread_reply', messageId: reply.id });
    }
    expect((await list(carol)).filter((n) => !n.read)).toEqual([]);
    const dave = await buildUser(server, { displayName: 'Dave' });
    await addMember(channel, alice, dave);
    await sendMessage(carol, channel.id, { content: 'encore', parentMessageId: parent.id });
    expect(await list(dave)).toEqual([]);
  });
});

describe('membership', () => {
  it('a removed member gets nothing more, and loses what the channel gave them', async () => {
    const channel = await channelWith(bob, carol);
    await mention(alice, channel.id, bob);
    expect(await list(bob)).toHaveLength(1);
    const removed = await alice.client.delete(`/api/channels/${channel.id}/members/${bob.user.id}`);
    expect(removed.status).toBe(204);
    await mention(alice, channel.id, bob);
    await sendMessage(alice, channel.id, 'après');
    expect(await list(bob)).toEqual([]);
    // Carol, who stays, had each of the three as a channel message.
    expect((await list(carol))[0]?.count).toBe(3);
  });
});

describe('reading', () => {
  it('mark read and read all reach every socket of the user; others get 404', async () => {
    const channel = await channelWith(bob);
    const [one, two] = [await open(bob), await open(bob)];
    await mention(alice, channel.id, bob, 'un');
    await mention(alice, channel.id, bob, 'deux');
    const [latest, first] = await list(bob);
    expect(await unread(bob)).toBe(2);

    expect((await alice.client.patch(`/api/notifications/${first?.id}/read`)).status).toBe(404);
    expect((await bob.client.patch('/api/notifications/not-an-id/read')).status).toBe(404);
    expect((await bob.client.patch(`/api/notifications/${first?.id}/read`)).status).toBe(204);
    for (const socket of [one, two]) {
      await socket.next(
        isEvent('notification_read', { notificationId: first?.id, unreadCount: 1 }),
      );
    }
    expect((await bob.client.patch('/api/notifications/read-all')).status).toBe(204);
    for (const socket of [one, two]) await socket.next(isEvent('notifications_read_all'));
    expect(await unread(bob)).toBe(0);
    expect((await list(bob)).map((n) => [n.id, n.read])).toEqual([
      [latest?.id, true],
      [first?.id, true],
    ]);
  });

  it('reading the channel reads what it notified, and only that channel', async () => {
    const channel = await channelWith(bob);
    const other = await channelWith(bob);
    await mention(alice, channel.id, bob);
    await sendMessage(alice, channel.id, 'et puis');
    await sendMessage(alice, other.id, 'ailleurs');
    expect(await unread(bob)).toBe(3);
    const socket = await open(bob);
    expect((await bob.client.post(`/api/channels/${channel.id}/read`)).status).toBe(200);
    await socket.next(isEvent('notification_read', { unreadCount: 1 }));
    const items = await list(bob);
    // The mention is kept, read; the folded "new messages" item of the channel is gone.
    expect(items.map((n) => [n.type, n.channelId, n.read])).toEqual([
      ['channel_message', other.id, false],
      ['mention', channel.id, true],
    ]);
  });

  it('reads by several people at once each read their own items, with their own count', async () => {
    const channel = await channelWith(bob, carol);
    const other = await channelWith(bob);
    await mention(alice, channel.id, bob);
    await sendMessage(alice, channel.id, 'pour tous');
    await sendMessage(alice, other.id, 'pour Bob seul');
    expect([await unread(bob), await unread(carol)]).toEqual([3, 1]);
    const [bobSocket, carolSocket] = await Promise.all([open(bob), open(carol)]);
    // Both marks reach the server in the same moment: written together (read-marks.ts).
    bobSocket.send({ type: 'mark_read', channelId: channel.id });
    carolSocket.send({ type: 'mark_read', channelId: channel.id });
    await bobSocket.next(isEvent('notification_read', { unreadCount: 1 }));
    await carolSocket.next(isEvent('notification_read', { unreadCount: 0 }));
    expect((await list(bob)).map((n) => [n.type, n.channelId, n.read])).toEqual([
      ['channel_message', other.id, false],
      ['mention', channel.id, true],
    ]);
    expect(await list(carol)).toEqual([]);
  });

  it('reads waiting their turn are written together, of one channel or several, never ahead of other work', async () => {
    const dave = await buildUser(server, { displayName: 'Dave' });
    const channel = await channelWith(bob, carol, dave);
    await mention(alice, channel.id, bob);
    await sendMessage(alice, channel.id, 'pour tous');
    expect([await unread(bob), await unread(carol), await unread(dave)]).toEqual([2, 1, 1]);
    // The subscriber on a bus of its own, over the real store with its statements counted.
    const store = countedStatements(ctx.db);
    const events = new EventBus(server.app.log);
    subscribeNotifications(
      { db: store.db, realtime: ctx.realtime, events, log: server.app.log },
      [],
    );
    const bobSocket = await open(bob);
    const read = (who: Actor) =>
      events.publish('channelRead', { channelId: channel.id, userId: who.user.id });

    for (const who of [bob, carol, dave]) read(who);
    await notificationsSettled(events);
    expect(store.statements()).toBe(1);
    await bobSocket.next(isEvent('notification_read', { unreadCount: 0 }));
    expect([await unread(bob), await unread(carol), await unread(dave)]).toEqual([0, 0, 0]);
    expect((await list(bob)).map((n) => [n.type, n.read])).toEqual([['mention', true]]);

    // Work queued between two reads keeps them apart: the second read comes after it.
    await sendMessage(alice, channel.id, 'encore');
    expect([await unread(bob), await unread(carol)]).toEqual([1, 1]);
    read(bob);
    events.publish('memberRemoved', {
      channelId: channel.id,
      userId: dave.user.id,
      by: dave.user.id,
    });
    read(carol);
    await notificationsSettled(events);
    expect(store.statements()).toBe(1 + 2);
    expect([await unread(bob), await unread(carol)]).toEqual([0, 0]);

    // Reads of different channels in the same moment are one statement too, and still come
    // before what is queued after them on any of their channels.
    const other = await channelWith(bob, carol);
    await sendMessage(alice, channel.id, 'et encore');
    await sendMessage(alice, other.id, 'ailleurs');
    expect([await unread(bob), await unread(carol)]).toEqual([2, 2]);
    const carolSocket = await open(carol);
    const readIn = (channelId: string, who: Actor) =>
      events.publish('channelRead', { channelId, userId: who.user.id });
    readIn(channel.id, bob);
    readIn(other.id, carol);
    readIn(other.id, bob);
    events.publish('memberRemoved', {
      channelId: other.id,
      userId: carol.user.id,
      by: carol.user.id,
    });
    await notificationsSettled(events);
    expect(store.statements()).toBe(1 + 2 + 1);
    // Carol's item of the other channel was read before she left it: her sockets heard it.
    await carolSocket.next(isEvent('notification_read', { unreadCount: 1 }));
    expect([await unread(bob), await unread(carol)]).toEqual([0, 1]);
  });

  it('new messages of one moment, of several channels, are notified together: each channel’s first run of plain messages in one statement', async () => {
    const first = await channelWith(bob, carol);
    const second = await channelWith(bob);
    const a1 = await sendMessage(alice, first.id, 'un');
    const a2 = await sendMessage(alice, first.id, 'deux');
    const b1 = await sendMessage(bob, first.id, 'trois');
    const c1 = await sendMessage(alice, second.id, 'ailleurs');
    await settled();
    // What the server's own subscriber made goes: the bus below makes it again.
    const people = [alice, bob, carol].map((who) => who.user.id);
    await ctx.db.execute(sql`delete from notifications where user_id = any(${uuids(people)})`);
    // The subscriber on a bus of its own, over the real store with its statements counted.
    const store = countedStatements(ctx.db);
    const events = new EventBus(server.app.log);
    subscribeNotifications(
      { db: store.db, realtime: ctx.realtime, events, log: server.app.log },
      [],
    );
    const bobSocket = await open(bob);
    const created = (message: Message, channel: Channel) =>
      events.publish('messageCreated', {
        channelId: channel.id,
        seq: message.seq,
        message,
        channel: { name: channel.name, type: channel.type },
      });
    created(a1, first);
    created(a2, first);
    created(b1, first);
    created(c1, second);
    await notificationsSettled(events);
    // Alice's two messages in the first channel and hers in the second: one statement
    // (notifyPlainRuns); Bob's message, another author's, after it on its own (notifyMessage,
    // then foldEarlier).
    expect(store.statements()).toBe(1 + 2);
    const news = [
      await bobSocket.next<NewNotification>(isEvent('new_notification')),
      await bobSocket.next<NewNotification>(isEvent('new_notification')),
    ];
    expect(news.map((e) => [e.notification.channelId, e.unreadCount]).sort()).toEqual(
      [
        [first.id, 2],
        [second.id, 2],
      ].sort(),
    );
    const items = (who: Actor) =>
      list(who).then((all) =>
        all.map((n) => [n.type, n.channelId, n.count, n.content, n.messageId]).sort(),
      );
    expect(await items(bob)).toEqual(
      [
        ['channel_message', first.id, 2, 'deux', a1.id],
        ['channel_message', second.id, 1, 'ailleurs', c1.id],
      ].sort(),
    );
    expect(await items(carol)).toEqual([['channel_message', first.id, 3, 'trois', a1.id]]);
    expect(await items(alice)).toEqual([['channel_message', first.id, 1, 'trois', b1.id]]);
  });

  it('a channel’s message notified after a later one takes that one’s items back to it: they count both', async () => {
    const channel = await channelWith(bob);
    const earlier = await sendMessage(alice, channel.id, 'premier');
    const later = await sendMessage(alice, channel.id, 'second');
    await settled();
    await ctx.db.execute(sql`delete from notifications where user_id = ${bob.user.id}::uuid`);
    // The two events in the other order, each in a moment of its own (two nodes, say).
    const events = new EventBus(server.app.log);
    subscribeNotifications({ db: ctx.db, realtime: ctx.realtime, events, log: server.app.log }, []);
    const created = (message: Message) =>
      events.publish('messageCreated', {
        channelId: channel.id,
        seq: message.seq,
        message,
        channel: { name: channel.name, type: channel.type },
      });
    const item = async () =>
      (await list(bob)).map((n) => [n.type, n.count, n.content, n.messageId]);
    created(later);
    await notificationsSettled(events);
    expect(await item()).toEqual([['channel_message', 1, 'second', later.id]]);
    created(earlier);
    await notificationsSettled(events);
    expect(await item()).toEqual([['channel_message', 2, 'second', earlier.id]]);
  });

  it('pages newest first', async () => {
    const channel = await channelWith(bob);
    for (let i = 0; i < 33; i++) await mention(alice, channel.id, bob, `n${i}`);
    await settled();
    const first = await bob.client.get<NotificationPage>('/api/notifications');
    expect(first.body.notifications).toHaveLength(30);
    expect(first.body.notifications[0]?.content).toContain('n32');
    const next = await bob.client.get<NotificationPage>(
      `/api/notifications?before=${first.body.nextCursor}`,
    );
    expect(next.body.notifications.map((n) => n.content?.split(' ')[0])).toEqual([
      'n2',
      'n1',
      'n0',
    ]);
    expect(next.body.nextCursor).toBeNull();
    expect((await bob.client.get('/api/notifications?before=x')).status).toBe(400);
  });
});

describe('friend requests', () => {
  it('tell the recipient of a request and the sender of its acceptance, never the actor', async () => {
    const sent = await alice.client.post<{ id: string }>('/api/friend-requests', {
      toUserId: bob.user.id,
    });
    expect(sent.status).toBe(201);
    const [request] = await list(bob);
    expect(request).toMatchObject({
      type: 'friend_request',
      channelId: null,
      triggeredBy: { id: alice.user.id },
    });
    expect(await list(alice)).toEqual([]);

    expect((await bob.client.patch(`/api/friend-requests/${sent.body.id}/accept`)).status).toBe(
      200,
    );
    const [accepted] = await list(alice);
    expect(accepted).toMatchObject({ type: 'friend_accepted', triggeredBy: { id: bob.user.id } });
    expect((await list(bob)).map((n) => n.type)).toEqual(['friend_request']);
  });

  it('are system notifications: off with that preference', async () => {
    await setPreferences(bob, { systemNotifications: false });
    await alice.client.post('/api/friend-requests', { toUserId: bob.user.id });
    expect(await list(bob)).toEqual([]);
  });
});

describe('preferences', () => {
  it('default to all on, and take exactly six booleans', async () => {
    const got = await bob.client.get<NotificationPreferences>('/api/notifications/preferences');
    expect(got.body).toEqual({
      mentions: true,
      directMessages: true,
      channelMessages: true,
      reactions: true,
      channelInvites: true,
      systemNotifications: true,
    });
    const missing = await bob.client.patch<ApiErrorBody>('/api/notifications/preferences', {
      mentions: false,
    });
    expect(missing.status).toBe(400);
    const wrong = await bob.client.patch<ApiErrorBody>('/api/notifications/preferences', {
      ...got.body,
      reactions: 'non',
    });
    expect(wrong.status).toBe(400);
    const saved = await bob.client.patch<NotificationPreferences>(
      '/api/notifications/preferences',
      {
        ...got.body,
        reactions: false,
      },
    );
    expect(saved.body.reactions).toBe(false);
    expect(
      (await bob.client.get<NotificationPreferences>('/api/notifications/preferences')).body,
    ).toEqual(saved.body);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });
});
