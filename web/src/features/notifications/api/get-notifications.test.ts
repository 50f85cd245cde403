import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationPage } from '#shared/notifications';
import { NOTIFICATIONS_KEY, removeNotifications } from './get-notifications';

const item = (id: string): Notification => ({
  id,
  type: 'mention',
  title: `t${id}`,
  content: null,
  read: false,
  count: 1,
  channelId: null,
  channelName: null,
  channelType: null,
  messageId: null,
  triggeredBy: null,
  createdAt: new Date(0).toISOString(),
});

describe('removeNotifications', () => {
  it('drops the deleted items from every cached page, keeping the rest in order', () => {
    const client = new QueryClient();
    client.setQueryData<InfiniteData<NotificationPage, string | null>>(NOTIFICATIONS_KEY, {
      pages: [
        { notifications: [item('a'), item('b')], nextCursor: 'b' },
        { notifications: [item('c'), item('d')], nextCursor: null },
      ],
      pageParams: [null, 'b'],
    });
    removeNotifications(client, ['b', 'c']);
    const data = client.getQueryData<InfiniteData<NotificationPage>>(NOTIFICATIONS_KEY);
    expect(data?.pages.map((p) => p.notifications.map((n) => n.id))).toEqual([['a'], ['d']]);
  });

  it('does nothing before the list was ever loaded', () => {
    const client = new QueryClient();
    removeNotifications(client, ['a']);
    expect(client.getQueryData(NOTIFICATIONS_KEY)).toBeUndefined();
  });
});
