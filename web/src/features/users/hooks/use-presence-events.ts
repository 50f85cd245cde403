import { useEffect, useRef } from 'react';
import { onWatchAdded, setPresence, watchedUsers } from '@/lib/presence-store';
import { useSocket, useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';

/** How soon a newly shown person is asked for: avatars mount together, one frame for all. */
const WATCH_DEBOUNCE_MS = 150;
/** How often the set is sent again when only its lingering part expired. */
const WATCH_REFRESH_MS = 30_000;

/**
 * docs/product.md §4: everyone's live status dot follows presence events (avatars read the
 * store). The socket watches whom the page shows (presence_watch, docs/realtime.md
 * "Presence"): the set is sent after every `ready` and `resync`, soon after someone new is
 * shown, and every 30 s when it shrank; `presence_state` answers with their statuses now.
 */
export function usePresenceEvents(): void {
  const socket = useSocket();
  const lastSent = useRef<string | null>(null);
  const send = useRef<(force: boolean) => void>(() => {});
  send.current = (force) => {
    if (!socket) return;
    const userIds = watchedUsers();
    const key = [...userIds].sort().join(',');
    if (!force && key === lastSent.current) return;
    if (socket.send({ type: 'presence_watch', userIds }, { queue: false })) lastSent.current = key;
  };

  useSocketEvent('presence_update', (event) => setPresence(event.userId, event.status));
  useSocketEvent('presence_state', (event) => {
    for (const [userId, status] of Object.entries(event.statuses)) setPresence(userId, status);
  });
  // A new socket watches nobody; after a resync, updates may have been missed.
  useSocketCatchUp(() => send.current(true));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onWatchAdded(() => {
      if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          send.current(false);
        }, WATCH_DEBOUNCE_MS);
      }
    });
    const refresh = setInterval(() => send.current(false), WATCH_REFRESH_MS);
    return () => {
      stop();
      clearTimeout(timer);
      clearInterval(refresh);
    };
  }, []);
}
