import type { RoomParticipant } from '#shared/video-rooms';
import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { roomLobbyKey } from './get-room-lobby';

/** The creator lets a guest of the lobby in (409 when the room is full). */
export const admitRoomGuest = ({
  roomId,
  participantId,
}: {
  roomId: string;
  participantId: string;
}) =>
  apiRequest<RoomParticipant>(
    'POST',
    `/api/video-rooms/${encodeURIComponent(roomId)}/participants/${encodeURIComponent(participantId)}/admit`,
  );

export const useAdmitRoomGuest = (roomId: string) =>
  useRefreshingMutation(roomLobbyKey(roomId), admitRoomGuest);
