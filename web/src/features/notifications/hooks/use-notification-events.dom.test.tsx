import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification as RucheNotification } from '#shared/notifications';
import { SocketProvider } from '@/lib/socket-context';
import { FakeSocket } from '@/lib/test-socket';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { buildUser } from '@/test/wire';
import { useUnreadCount } from '../api/get-unread-count';
import { useNotificationEvents } from './use-notification-events';

const me = buildUser({ displayName: 'Bob' });

/** What the browser's Notification API was asked to show (jsdom has none). */
const shown: Array<{ title: string; body: string | undefined }> = [];
class DesktopNotification {
  static permission = 'granted';
  onclick: (() => void) | null = null;
  constructor(title: string, options?: { body?: string }) {
    shown.push({ title, body: options?.body });
  }
  close() {}
}

let sockets: FakeSocket[] = [];
class Socket extends FakeSocket {
  constructor(url: string) {
    super(url);
    sockets.push(this);
  }
}

function Bell() {
  useNotificationEvents();
  const count = useUnreadCount();
  return <p>{`non lues : ${count.data?.count ?? '…'}`}</p>;
}

const notification = (id: string): RucheNotification => ({
  id,
  type: 'direct_message',
  title: 'Alice vous a écrit',
  content: 'Tu es là ?',
  read: false,
  count: 1,
  channelId: null,
  channelName: null,
  channelType: 'direct',
  messageId: null,
  triggeredBy: null,
  createdAt: new Date().toISOString(),
});

beforeEach(() => {
  shown.length = 0;
  sockets = [];
  vi.stubGlobal('Notification', DesktopNotification);
  vi.stubGlobal('WebSocket', Socket);
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  window.localStorage.setItem('ruche.notifications.sound', 'off');
});
afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  vi.unstubAllGlobals();
});

describe('desktop notifications and the right to disconnect (docs/product.md §2.32)', () => {
  it('a held notification updates the count without a desktop notification; the release shows one summary', async () => {
    stubFetch({ 'GET /api/notifications/unread-count': { count: 0 } });
    renderApp(
      <SocketProvider userId={me.id}>
        <Bell />
      </SocketProvider>,
      { signedInAs: me },
    );
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.open();

    sockets[0]!.receive({
      type: 'new_notification',
      notification: notification('n1'),
      unreadCount: 1,
      held: true,
    });
    expect(await screen.findByText('non lues : 1')).toBeVisible();
    sockets[0]!.receive({
      type: 'new_notification',
      notification: notification('n2'),
      unreadCount: 2,
      held: true,
    });
    expect(await screen.findByText('non lues : 2')).toBeVisible();
    expect(shown).toEqual([]);

    sockets[0]!.receive({
      type: 'notifications_released',
      count: 2,
      notificationIds: ['n1', 'n2'],
      unreadCount: 2,
    });
    await waitFor(() =>
      expect(shown).toEqual([
        {
          title: '2 notifications vous attendaient',
          body: 'Reçues en dehors de vos heures de travail, elles sont dans la cloche.',
        },
      ]),
    );

    // Not held: shown as before.
    sockets[0]!.receive({
      type: 'new_notification',
      notification: notification('n3'),
      unreadCount: 3,
    });
    await waitFor(() => expect(shown.map((s) => s.title)).toContain('Alice vous a écrit'));
  });
});
