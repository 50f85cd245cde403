import type { RoomCreateInput, VideoRoom } from '#shared/video-rooms';
import { apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { videoRoomsKey } from './get-video-rooms';

/** docs/product.md §7.2: name, description, allowGuests, maxParticipants (and the expiry the form picks). */
export const createVideoRoom = (input: RoomCreateInput): Promise<VideoRoom> =>
  apiRequest<VideoRoom>('POST', '/api/video-rooms', input);

export const useCreateVideoRoom = () => useRefreshingMutation(videoRoomsKey, createVideoRoom);
