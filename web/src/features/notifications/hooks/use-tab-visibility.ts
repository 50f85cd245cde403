import { useEffect } from 'react';
import { TAB_VISIBLE_REFRESH_MS } from '#shared/limits';
import { useChannelInView } from '@/lib/channel-in-view';
import { useSocket, useSocketEvent } from '@/lib/socket-context';

/**
 * Tells the server whether this tab is in view, and which channel it reads as it comes
 * (docs/notifications.md): while the user has a tab in view anywhere, nothing is pushed to
 * their devices, and the channel it reads makes them no "new messages" item. Said on every
 * connection, on each change, and again now and then while visible (the server forgets a
 * visible tab that stops saying so).
 */
export function useTabVisibility(): void {
  const socket = useSocket();
  const say = () =>
    socket?.send(
      {
        type: 'tab_visibility',
        visible: document.visibilityState === 'visible',
        reading: reading(),
      },
      { queue: false },
    );
  const reading = useChannelInView(() => say());
  useSocketEvent('ready', () => say());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `say` reads the socket only
  useEffect(() => {
    if (!socket) return;
    const hidden = () => socket.send({ type: 'tab_visibility', visible: false }, { queue: false });
    window.addEventListener('pagehide', hidden);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') say();
    }, TAB_VISIBLE_REFRESH_MS);
    return () => {
      window.removeEventListener('pagehide', hidden);
      clearInterval(timer);
    };
  }, [socket]);
}
