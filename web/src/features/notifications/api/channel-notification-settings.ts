import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelNotificationSettings } from '#shared/notifications';
import { apiGet, apiRequest } from '@/lib/api';

export const channelSettingsKey = (channelId: string) =>
  ['/api/channels', channelId, 'notification-settings'] as const;

const path = (channelId: string) =>
  `/api/channels/${encodeURIComponent(channelId)}/notification-settings`;

export const getChannelNotificationSettings = (
  channelId: string,
): Promise<ChannelNotificationSettings> => apiGet<ChannelNotificationSettings>(path(channelId));

/** PUT /api/channels/{id}/notification-settings: level and mute, for the caller only. */
export const setChannelNotificationSettings = (
  input: ChannelNotificationSettings,
): Promise<ChannelNotificationSettings> =>
  apiRequest<ChannelNotificationSettings>('PUT', path(input.channelId), {
    level: input.level,
    muted: input.muted,
  });

export const channelNotificationSettingsQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: channelSettingsKey(channelId),
    queryFn: () => getChannelNotificationSettings(channelId),
  });

/** Fetched when the channel's notification menu opens. */
export const useChannelNotificationSettings = (channelId: string, enabled: boolean) =>
  useQuery({ ...channelNotificationSettingsQueryOptions(channelId), enabled });

export function useSetChannelNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChannelNotificationSettings,
    onMutate: (input) => queryClient.setQueryData(channelSettingsKey(input.channelId), input),
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: channelSettingsKey(input.channelId) }),
  });
}
