import type { z } from 'zod';
import type { RoomUpdateSchema, VideoRoom } from '#shared/video-rooms';
import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { videoRoomsKey } from './get-video-rooms';

/** docs/product.md §7.2: PATCH with isActive (the room's switch); lobbyEnabled (its lobby, docs/calls.md). */
export const updateVideoRoom = ({
  id,
  ...patch
}: { id: string } & z.input<typeof RoomUpdateSchema>) =>
  apiRequest<VideoRoom>('PATCH', `/api/video-rooms/${encodeURIComponent(id)}`, patch);

export const useUpdateVideoRoom = () => useRefreshingMutation(videoRoomsKey, updateVideoRoom);
