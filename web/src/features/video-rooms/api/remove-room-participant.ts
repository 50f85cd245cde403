import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

/** The creator removes a seat of their room. */
export const removeRoomParticipant = ({
  roomId,
  participantId,
}: {
  roomId: string;
  participantId: string;
}) =>
  apiRequest<void>(
    'DELETE',
    `/api/video-rooms/${encodeURIComponent(roomId)}/participants/${encodeURIComponent(participantId)}`,
  );

export const useRemoveRoomParticipant = () => useMutation({ mutationFn: removeRoomParticipant });
