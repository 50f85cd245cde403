import { useQuery } from '@tanstack/react-query';
import type { RoomPreview } from '#shared/video-rooms';
import { API_ORIGIN } from '@/lib/api';
import { sessionHeaders } from '@/lib/session-token';

export const roomByCodeKey = (code: string) => ['/api/video-rooms/code', code] as const;

/** docs/product.md §7.2: a plain fetch, no retry; any non-OK answer means the room was not found. */
export async function getRoomByCode(code: string): Promise<RoomPreview | null> {
  const res = await fetch(`${API_ORIGIN}/api/video-rooms/code/${encodeURIComponent(code)}`, {
    credentials: 'include',
    headers: sessionHeaders(),
  });
  return res.ok ? ((await res.json()) as RoomPreview) : null;
}

export const useRoomByCode = (code: string) =>
  useQuery({
    queryKey: roomByCodeKey(code),
    queryFn: () => getRoomByCode(code),
    staleTime: 0,
    gcTime: 0,
  });
