import type { ClientFrame, ServerEvent } from '#shared/protocol';
import { CLOSE_SESSION_ENDED } from '#shared/protocol/close-codes';
import { ROOM_TOKEN_QUERY } from '#shared/video-rooms';
import { API_ORIGIN } from '@/lib/api';
import { socketProtocols } from '@/lib/session-token';
import { readServerMessage, socketUrl } from '@/lib/socket';

const RECONNECT_MS = 3000;

export interface RoomSocketHandlers {
  onReady(): void;
  onEvent(event: ServerEvent): void;
  /** The seat's session ended (left, removed, room closed): no reconnecting. */
  onEnded(): void;
}

/**
 * The in-room page's own socket: a guest has no session, so it connects with its room
 * token (in the query: a browser sets no header on an upgrade); a user with its cookie.
 * Reconnects after 3 s (docs/product.md §4, as the live socket) and takes its seat again on `ready`.
 */
export function openRoomSocket(token: string | null, handlers: RoomSocketHandlers) {
  let ws: WebSocket | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const base = socketUrl(window.location, API_ORIGIN);
  const url = token ? `${base}?${ROOM_TOKEN_QUERY}=${encodeURIComponent(token)}` : base;

  const connect = () => {
    const socket = new WebSocket(url, socketProtocols());
    ws = socket;
    socket.onmessage = (message) => {
      for (const event of readServerMessage(message.data)) {
        if (event.type === 'ready') handlers.onReady();
        else handlers.onEvent(event);
      }
    };
    socket.onclose = (close) => {
      if (stopped) return;
      if (close.code === CLOSE_SESSION_ENDED) {
        stopped = true;
        handlers.onEnded();
        return;
      }
      timer = setTimeout(connect, RECONNECT_MS);
    };
  };
  connect();

  return {
    send(frame: ClientFrame) {
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      ws?.close();
    },
  };
}
