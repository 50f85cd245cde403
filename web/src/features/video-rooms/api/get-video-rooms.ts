import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoRoom } from '#shared/video-rooms';
import { apiGet } from '@/lib/api';

export const videoRoomsKey = ['/api/video-rooms'] as const;

export const getVideoRooms = (): Promise<VideoRoom[]> => apiGet<VideoRoom[]>('/api/video-rooms');

export const videoRoomsQueryOptions = () =>
  queryOptions({ queryKey: videoRoomsKey, queryFn: getVideoRooms });

export const useVideoRooms = () => useQuery(videoRoomsQueryOptions());
