import { useMutation } from '@tanstack/react-query';
import type { RoomJoinResult } from '#shared/video-rooms';
import { apiRequest } from '@/lib/api';

/** docs/product.md §7.2: guestName, null when signed in. */
export const joinVideoRoom = ({
  roomId,
  guestName,
}: {
  roomId: string;
  guestName: string | null;
}) =>
  apiRequest<RoomJoinResult>('POST', `/api/video-rooms/${encodeURIComponent(roomId)}/join`, {
    guestName,
  });

// A guest's refusal is not a reason to send anyone to sign in: the page shows it.
export const useJoinVideoRoom = () =>
  useMutation({ mutationFn: joinVideoRoom, meta: { allow401: true } });
