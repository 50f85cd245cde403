import { useQuery } from '@tanstack/react-query';
import type { RoomParticipant } from '#shared/video-rooms';
import { apiRequest } from '@/lib/api';

export const roomLobbyKey = (roomId: string) => ['/api/video-rooms', roomId, 'lobby'] as const;

/**
 * The creator's view of the lobby: asked again on each room_lobby_changed (use-room-call.ts),
 * and every 15 s for a guest whose page went silent (its place lapses with its seat's grace).
 */
export const useRoomLobby = (roomId: string, enabled: boolean) =>
  useQuery({
    queryKey: roomLobbyKey(roomId),
    queryFn: () =>
      apiRequest<RoomParticipant[]>('GET', `/api/video-rooms/${encodeURIComponent(roomId)}/lobby`),
    enabled,
    refetchInterval: 15_000,
  });
