import { describe, expect, it } from 'vitest';
import type { Notification } from '#shared/notifications';
import {
  localId,
  notifyOnPhone,
  type PhoneNotifications,
  startPhoneNotifications,
} from './local-notifications';

/** A stand-in for the local-notifications plugin: permission, schedules and the tap listener. */
function standIn(display: 'granted' | 'denied' | 'prompt') {
  const state = {
    display,
    asked: 0,
    scheduled: [] as unknown[],
    tap: null as null | ((e: unknown) => void),
  };
  const plugin = {
    checkPermissions: async () => ({ display: state.display }),
    requestPermissions: async () => {
      state.asked++;
      state.display = 'granted';
      return { display: state.display };
    },
    schedule: async (options: { notifications: unknown[] }) => {
      state.scheduled.push(...options.notifications);
      return { notifications: [] };
    },
    addListener: async (_name: string, fn: (e: unknown) => void) => {
      state.tap = fn;
      return { remove: async () => {} };
    },
  } as unknown as PhoneNotifications;
  return { plugin, state };
}

const notification = (over: Partial<Notification>): Notification => ({
  id: '3f2a9c10-0000-4000-8000-000000000001',
  type: 'mention',
  title: 'Alice vous a mentionné dans #produit',
  content: '@Bob tu peux relire ?',
  read: false,
  count: 1,
  channelId: 'c1',
  channelName: 'produit',
  channelType: 'channel',
  messageId: 'm1',
  triggeredBy: null,
  createdAt: '2026-11-26T05:00:00.000Z',
  ...over,
});

describe('notifications on the phone', () => {
  it('asks for the permission once at start, and opens what a tap names', async () => {
    const { plugin, state } = standIn('prompt');
    const opened: string[] = [];
    await startPhoneNotifications(plugin, (path) => opened.push(path));
    expect(state.asked).toBe(1);
    state.tap?.({ actionId: 'tap', notification: { extra: { path: '/channel/c1?message=m1' } } });
    state.tap?.({ actionId: 'tap', notification: { extra: { path: 'https://evil.example' } } });
    expect(opened).toEqual(['/channel/c1?message=m1']);
    const granted = standIn('granted');
    await startPhoneNotifications(granted.plugin, () => {});
    expect(granted.state.asked).toBe(0);
  });

  it('rings for a mention and a direct message, with the title, excerpt and where to go', async () => {
    const { plugin, state } = standIn('granted');
    expect(await notifyOnPhone(plugin, notification({}), '/channel/c1?message=m1')).toBe(true);
    const dm = notification({ id: 'aa', type: 'direct_message', content: null });
    expect(await notifyOnPhone(plugin, dm, '/channel/d1')).toBe(true);
    expect(state.scheduled).toEqual([
      {
        id: localId('3f2a9c10-0000-4000-8000-000000000001'),
        title: 'Alice vous a mentionné dans #produit',
        body: '@Bob tu peux relire ?',
        extra: { path: '/channel/c1?message=m1' },
        group: 'c1',
      },
      { id: localId('aa'), title: dm.title, body: '', extra: { path: '/channel/d1' }, group: 'c1' },
    ]);
    expect(Number.isInteger(localId('ffffffff-ffff'))).toBe(true);
    expect(localId('ffffffff-ffff')).toBeLessThan(2 ** 31);
  });

  it('stays silent for the rest, and without the permission', async () => {
    const { plugin, state } = standIn('granted');
    for (const type of ['channel_message', 'reaction', 'thread_reply', 'friend_request'] as const) {
      expect(await notifyOnPhone(plugin, notification({ type }), '/')).toBe(false);
    }
    const denied = standIn('denied');
    expect(await notifyOnPhone(denied.plugin, notification({}), '/')).toBe(false);
    expect([...state.scheduled, ...denied.state.scheduled]).toEqual([]);
  });
});
