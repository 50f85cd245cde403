import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages';
import { foldsInto } from '#shared/notification-fold';
import type { Notification } from '#shared/notifications';
import { HeldFolds } from './fold';

const message = (id: string, over: Partial<Message> = {}): Message => ({
  id,
  channelId: 'c',
  userId: 'alice',
  content: `texte ${id}`,
  attachments: [],
  mentions: [],
  parentMessageId: null,
  edited: false,
  seq: Number(id.replace(/\D/g, '')) || 1,
  clientId: null,
  createdAt: `2026-11-27T17:00:0${id.replace(/\D/g, '')}.000Z`,
  updatedAt: '',
  user: {
    id: 'alice',
    email: 'alice@example.com',
    firstName: null,
    lastName: null,
    displayName: 'Alice',
    profileImageUrl: null,
    status: 'online',
    statusMessage: null,
    createdAt: '',
    updatedAt: '',
  },
  reactions: [],
  replyCount: 0,
  lastReplyAt: null,
  ...over,
});

/** The item the server makes from message m1: count 1. */
const itemOf = (m: Message): Notification => ({
  id: 'n',
  type: 'channel_message',
  title: 'Nouveaux messages dans #c',
  content: m.content,
  read: false,
  count: 1,
  channelId: m.channelId,
  channelName: 'c',
  channelType: 'public',
  messageId: m.id,
  triggeredBy: { id: 'alice', name: 'Alice', profileImageUrl: null },
  createdAt: m.createdAt,
});

describe('foldsInto', () => {
  it('takes others’ top-level messages, not one’s own, a reply or a mention of oneself', () => {
    expect(foldsInto(message('m1'), 'bob')).toBe(true);
    expect(foldsInto(message('m1'), 'alice')).toBe(false);
    expect(foldsInto(message('m1', { parentMessageId: 'p' }), 'bob')).toBe(false);
    expect(foldsInto(message('m1', { mentions: ['bob'] }), 'bob')).toBe(false);
    expect(foldsInto(message('m1', { mentions: ['carol'] }), 'bob')).toBe(true);
  });
});

describe('HeldFolds', () => {
  it('folds the messages that came before their item into it, in order, once', () => {
    const held = new HeldFolds();
    const [m1, m2, m3] = [message('m1'), message('m2'), message('m3')];
    for (const m of [m1, m2, m3]) held.hold(m);
    const item = held.complete(itemOf(m1));
    // It says the latest; its time and message stay those of the first.
    expect(item).toMatchObject({ count: 3, content: 'texte m3', messageId: 'm1' });
    expect(item.createdAt).toBe(m1.createdAt);
    // Forgotten once used: a later item of the channel starts from itself.
    expect(held.complete(itemOf(m3)).count).toBe(1);
  });

  it('keeps each channel apart, and ignores messages held before the item’s own', () => {
    const held = new HeldFolds();
    held.hold(message('m1'));
    held.hold(message('m2', { channelId: 'other' }));
    held.hold(message('m3'));
    expect(held.complete(itemOf(message('m3'))).count).toBe(1);
    expect(held.complete(itemOf(message('m2', { channelId: 'other' }))).count).toBe(1);
    held.hold(message('m4'));
    expect(held.complete(itemOf(message('m1'))).count).toBe(1);
  });

  it('forgets what it held a minute ago (a silenced channel never gets its item)', () => {
    let now = 0;
    const held = new HeldFolds(() => now);
    held.hold(message('m1'));
    held.hold(message('m2'));
    now = 61_000;
    held.hold(message('m3'));
    expect(held.complete(itemOf(message('m1'))).count).toBe(1);
  });
});
