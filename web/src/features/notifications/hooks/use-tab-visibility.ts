import { useEffect } from 'react';
import { TAB_VISIBLE_REFRESH_MS } from '#shared/protocol/notifications';
import { channelInView, onActiveChannelChange } from '@/features/messages/lib/active-channel';
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
        reading: channelInView(),
      },
      { queue: false },
    );
  useSocketEvent('ready', () => say());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `say` reads the socket only
  useEffect(() => {
    if (!socket) return;
    const hidden = () => socket.send({ type: 'tab_visibility', visible: false }, { queue: false });
    // Once per turn: a switch of channel is a "none" then the next one, in one commit.
    let due = false;
    const change = () => {
      if (due) return;
      due = true;
      queueMicrotask(() => {
        due = false;
        say();
      });
    };
    document.addEventListener('visibilitychange', change);
    window.addEventListener('focus', change);
    window.addEventListener('blur', change);
    window.addEventListener('pagehide', hidden);
    const stopWatching = onActiveChannelChange(change);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') say();
    }, TAB_VISIBLE_REFRESH_MS);
    return () => {
      document.removeEventListener('visibilitychange', change);
      window.removeEventListener('focus', change);
      window.removeEventListener('blur', change);
      window.removeEventListener('pagehide', hidden);
      stopWatching();
      clearInterval(timer);
    };
  }, [socket]);
}
