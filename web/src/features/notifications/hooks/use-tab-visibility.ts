import { useEffect } from 'react';
import { TAB_VISIBLE_REFRESH_MS } from '#shared/protocol/notifications';
import { useSocket, useSocketEvent } from '@/lib/socket-context';

/**
 * Tells the server whether this tab is in view (docs/notifications.md, Web Push): while the
 * user has a tab in view anywhere, nothing is pushed to their devices. Said on every
 * connection, on each change, and again now and then while visible (the server forgets a
 * visible tab that stops saying so).
 */
export function useTabVisibility(): void {
  const socket = useSocket();
  const say = () =>
    socket?.send(
      { type: 'tab_visibility', visible: document.visibilityState === 'visible' },
      { queue: false },
    );
  useSocketEvent('ready', () => say());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `say` reads the socket only
  useEffect(() => {
    if (!socket) return;
    const hidden = () => socket.send({ type: 'tab_visibility', visible: false }, { queue: false });
    const change = () => say();
    document.addEventListener('visibilitychange', change);
    window.addEventListener('pagehide', hidden);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') say();
    }, TAB_VISIBLE_REFRESH_MS);
    return () => {
      document.removeEventListener('visibilitychange', change);
      window.removeEventListener('pagehide', hidden);
      clearInterval(timer);
    };
  }, [socket]);
}
