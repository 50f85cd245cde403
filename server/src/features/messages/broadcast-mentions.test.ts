import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import type { Message } from '#shared/messages';
import type { NotificationPage } from '#shared/notifications';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { socketOpener } from '../../../test/test-socket';
import type { AppContext } from '../../context';
import { notificationsSettled } from '../notifications/subscriptions';
import { broadcastsIn } from './broadcast-mentions';

describe('broadcastsIn', () => {
  it('finds @channel, @here and @everyone as words, in any case', () => {
    expect([...broadcastsIn('@channel et @HERE, puis (@everyone).')].sort()).toEqual([
      'channel',
      'everyone',
      'here',
    ]);
    expect([...broadcastsIn('moi@channel.fr @channels @here-bas @heres @everyone_')]).toEqual([]);
    expect([...broadcastsIn('pas de mention')]).toEqual([]);
  });
});

let server: TestServer;
let ctx: AppContext;
let alice: Actor;
let bob: Actor;
let carol: Actor;
let dan: Actor;
const openSocket = socketOpener(() => server);

beforeAll(async () => {
  server = await startTestServer({
    env: { DEFAULT_CHANNEL: 'général' },
    features: [
      (_app, context) => {
        ctx = context;
      },
    ],
  });
  alice = await buildUser(server, { firstName: 'Alice' });
  bob = await buildUser(server, { firstName: 'Bob' });
  carol = await buildUser(server, { firstName: 'Carole' });
  dan = await buildUser(server, { firstName: 'Dan' });
});
afterAll(() => server?.close());

/** A new channel of Alice's with Bob, Carol and Dan. */
async function team(): Promise<Channel> {
  const channel = await buildChannel(alice);
  for (const member of [bob, carol, dan]) await addMember(channel, alice, member);
  return channel;
}

const mentionsOf = async (who: Actor, message: Message) => {
  await notificationsSettled(ctx.events);
  const page = await who.client.get<NotificationPage>('/api/notifications?limit=50');
  return page.body.notifications.filter((n) => n.messageId === message.id).map((n) => n.type);
};

describe('@channel', () => {
  it('notifies every member as a mention, but not one who muted the channel', async () => {
    const channel = await team();
    const mute = await dan.client.request(
      'PUT',
      `/api/channels/${channel.id}/notification-settings`,
      { level: 'all', muted: true },
    );
    expect(mute.status).toBe(200);
    const message = await sendMessage(alice, channel.id, 'Réunion à 14 h @channel');
    expect([...message.mentions].sort()).toEqual([bob.user.id, carol.user.id, dan.user.id].sort());
    expect(await mentionsOf(bob, message)).toEqual(['mention']);
    expect(await mentionsOf(carol, message)).toEqual(['mention']);
    expect(await mentionsOf(dan, message)).toEqual([]);
    expect(await mentionsOf(alice, message)).toEqual([]);
  });

  it('respects a member’s preference against mentions', async () => {
    const channel = await team();
    const prefs = await carol.client.get<Record<string, unknown>>('/api/notifications/preferences');
    await carol.client.patch('/api/notifications/preferences', { ...prefs.body, mentions: false });
    try {
      const message = await sendMessage(alice, channel.id, '@channel point d’étape');
      expect(await mentionsOf(bob, message)).toEqual(['mention']);
      expect(await mentionsOf(carol, message)).toEqual([]);
    } finally {
      await carol.client.patch('/api/notifications/preferences', { ...prefs.body });
    }
  });
});

describe('@here', () => {
  it('notifies only the members online now', async () => {
    const channel = await team();
    const socket = await openSocket(bob);
    try {
      const message = await sendMessage(alice, channel.id, '@here qui est dispo ?');
      expect(message.mentions).toEqual([bob.user.id]);
      expect(await mentionsOf(bob, message)).toEqual(['mention']);
      expect(await mentionsOf(carol, message)).toEqual(['channel_message']);
    } finally {
      socket.close();
    }
  });
});

describe('@everyone', () => {
  it('notifies everyone in the default channel only', async () => {
    const channels = await alice.client.get<Channel[]>('/api/channels');
    const general = channels.body.find((c) => c.name === 'général');
    expect(general).toBeDefined();
    const there = await sendMessage(alice, general!.id, 'Bienvenue @everyone');
    expect(there.mentions).toEqual(expect.arrayContaining([bob.user.id, carol.user.id]));
    expect(await mentionsOf(carol, there)).toEqual(['mention']);

    const elsewhere = await team();
    const ignored = await sendMessage(alice, elsewhere.id, 'Bienvenue @everyone');
    expect(ignored.mentions).toEqual([]);
  });
});

describe('CHANNEL_WIDE_MENTIONS=admins', () => {
  it('sends a member’s @channel as text without notifying; an owner’s notifies', async () => {
    const other = await startTestServer({ env: { CHANNEL_WIDE_MENTIONS: 'admins' } });
    try {
      const owner = await buildUser(other);
      const member = await buildUser(other);
      const third = await buildUser(other);
      const channel = await buildChannel(owner);
      await addMember(channel, owner, member);
      await addMember(channel, owner, third);
      const plain = await sendMessage(member, channel.id, '@channel tout le monde ?');
      expect(plain.content).toBe('@channel tout le monde ?');
      expect(plain.mentions).toEqual([]);
      const allowed = await sendMessage(owner, channel.id, '@channel oui');
      expect([...allowed.mentions].sort()).toEqual([member.user.id, third.user.id].sort());
    } finally {
      await other.close();
    }
  });
});
