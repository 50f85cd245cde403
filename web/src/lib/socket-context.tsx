import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ServerEventType } from '#shared/protocol';
import { API_ORIGIN } from './api';
import { socketProtocols } from './session-token';
import {
  type ConnectionState,
  type OpenInfo,
  RealtimeSocket,
  type SocketLike,
  socketUrl,
} from './socket';
import { CATCH_UP_EVENTS, onEventsOfType, type ServerEventOf } from './socket-events';

const SocketContext = createContext<RealtimeSocket | null>(null);

/** One live socket per signed-in tab, opened for `userId` and closed when it goes away. */
export function SocketProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [socket] = useState(
    () =>
      new RealtimeSocket({
        url: socketUrl(window.location, API_ORIGIN),
        // The browser socket has the same members, with DOM event types for the handlers.
        // In the app, the session token rides as a subprotocol (docs/mobile.md).
        createSocket: (url) => new WebSocket(url, socketProtocols()) as unknown as SocketLike,
      }),
  );
  useEffect(() => {
    socket.start(userId);
    const handleOffline = () => socket.dropConnection();
    const handleOnline = () => socket.reconnectNow();
    window.addEventListener('offline', handleOffline);
    window.addEventListener('online', handleOnline);
    return () => {
      window.removeEventListener('offline', handleOffline);
      window.removeEventListener('online', handleOnline);
      socket.stop();
    };
  }, [socket, userId]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The tab's socket, or null outside a SocketProvider (signed out). */
export function useSocket(): RealtimeSocket | null {
  return useContext(SocketContext);
}

/**
 * Calls the latest `handler` for each server event of `type` (or of any of `types`), typed by
 * the protocol's union, without resubscribing on each render. Each feature mounts its own.
 */
export function useSocketEvent<T extends ServerEventType>(
  type: T | readonly T[],
  handler: (event: ServerEventOf<T>) => void,
): void {
  const socket = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  // A stable dependency for an inline array of types.
  const types = typeof type === 'string' ? type : type.join(' ');
  useEffect(() => {
    if (!socket) return;
    const list = types.split(' ') as T[];
    return onEventsOfType(socket, list, (event) => latest.current(event));
  }, [socket, types]);
}

/**
 * Calls the latest `handler` after `ready` and every `resync`: the feature fetches what its
 * cache may have missed. `first` is true for the first `ready` of this socket's life, when the
 * queries have only just been fetched.
 */
export function useSocketCatchUp(handler: (info: { first: boolean }) => void): void {
  const seenReady = useRef(false);
  useSocketEvent(CATCH_UP_EVENTS, (event) => {
    const first = event.type === 'ready' && !seenReady.current;
    if (event.type === 'ready') seenReady.current = true;
    handler({ first });
  });
}

/** Calls the latest `handler` each time the socket opens (first time and after reconnects). */
export function useSocketOpen(handler: (info: OpenInfo) => void): void {
  const socket = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => socket?.onOpen((info) => latest.current(info)), [socket]);
}

export function useConnectionState(): ConnectionState {
  const socket = useSocket();
  return useSyncExternalStore(
    (listener) => socket?.onStateChange(listener) ?? (() => {}),
    () => socket?.connectionState ?? 'idle',
  );
}
