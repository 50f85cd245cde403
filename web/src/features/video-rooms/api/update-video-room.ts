import type { VideoRoom } from '#shared/video-rooms';
import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { videoRoomsKey } from './get-video-rooms';

/** SPEC §7: PATCH with isActive (the room's switch). */
export const updateVideoRoom = ({ id, isActive }: { id: string; isActive: boolean }) =>
  apiRequest<VideoRoom>('PATCH', `/api/video-rooms/${encodeURIComponent(id)}`, { isActive });

export const useUpdateVideoRoom = () => useRefreshingMutation(videoRoomsKey, updateVideoRoom);
