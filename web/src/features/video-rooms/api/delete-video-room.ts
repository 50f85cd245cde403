import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { videoRoomsKey } from './get-video-rooms';

export const deleteVideoRoom = (id: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/video-rooms/${encodeURIComponent(id)}`);

export const useDeleteVideoRoom = () => useRefreshingMutation(videoRoomsKey, deleteVideoRoom);
