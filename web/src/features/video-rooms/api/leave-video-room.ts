import { ROOM_TOKEN_HEADER } from '#shared/video-rooms';
import { API_ORIGIN } from '@/lib/api';
import { sessionHeaders } from '@/lib/session-token';

/**
 * Gives the seat back. A guest speaks with its room token; `keepalive` lets the call leave
 * with a closing tab. Best effort: an unheard seat is given back after the grace anyway.
 */
export async function leaveVideoRoom(roomId: string, token: string | null): Promise<void> {
  await fetch(`${API_ORIGIN}/api/video-rooms/${encodeURIComponent(roomId)}/leave`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { ...sessionHeaders(), ...(token ? { [ROOM_TOKEN_HEADER]: token } : {}) },
  }).catch(() => undefined);
}
