import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ServerEvent } from '#shared/protocol';
import { API_ORIGIN } from './api';
import {
  type ConnectionState,
  type OpenInfo,
  RealtimeSocket,
  type SocketLike,
  socketUrl,
} from './socket';

const SocketContext = createContext<RealtimeSocket | null>(null);

/** One live socket per signed-in tab, opened for `userId` and closed when it goes away. */
export function SocketProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [socket] = useState(
    () =>
      new RealtimeSocket({
        url: socketUrl(window.location, API_ORIGIN),
        // The browser socket has the same members, with DOM event types for the handlers.
        createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
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

/** Calls the latest `handler` for every server event, without resubscribing on each render. */
export function useSocketEvent(handler: (event: ServerEvent) => void): void {
  const socket = useSocket();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => socket?.onEvent((event) => latest.current(event)), [socket]);
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
