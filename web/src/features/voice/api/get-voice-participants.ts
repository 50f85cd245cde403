import { queryOptions, useQuery } from '@tanstack/react-query';
import { VOICE_POLL_MS } from '#shared/limits';
import type { VoiceParticipant } from '#shared/voice';
import { apiGet } from '@/lib/api';

export const voiceParticipantsKey = (channelId: string) =>
  ['/api/voice-channels', channelId, 'participants'] as const;

export const getVoiceParticipants = (channelId: string) =>
  apiGet<VoiceParticipant[]>(`/api/voice-channels/${encodeURIComponent(channelId)}/participants`);

export const voiceParticipantsQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: voiceParticipantsKey(channelId),
    queryFn: () => getVoiceParticipants(channelId),
  });

/** docs/product.md §7.2: polled every 3 s (the joined user's poll also keeps its seat: docs/calls.md). */
export const useVoiceParticipants = (channelId: string) =>
  useQuery({ ...voiceParticipantsQueryOptions(channelId), refetchInterval: VOICE_POLL_MS });
