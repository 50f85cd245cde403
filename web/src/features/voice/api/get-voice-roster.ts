import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { VoiceParticipant } from '#shared/voice';
import { apiGet } from '@/lib/api';

/** Who is in voice in each of the user's channels (the sidebar's lists), kept live by events. */
export const VOICE_ROSTER_KEY = ['/api/voice-participants'] as const;

export const voiceRosterQueryOptions = () =>
  queryOptions({
    queryKey: VOICE_ROSTER_KEY,
    queryFn: () => apiGet<VoiceParticipant[]>('/api/voice-participants'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useVoiceRoster = () => useQuery(voiceRosterQueryOptions());

/** Those in one channel's voice, in the order they came. */
export const useChannelVoiceRoster = (channelId: string) =>
  useQuery({
    ...voiceRosterQueryOptions(),
    select: (all) => all.filter((p) => p.channelId === channelId),
  });

/** Apply a change to the cached roster (an event); nothing when it is not loaded. */
export function updateVoiceRoster(
  queryClient: QueryClient,
  change: (list: VoiceParticipant[]) => VoiceParticipant[],
): void {
  queryClient.setQueryData<VoiceParticipant[]>(VOICE_ROSTER_KEY, (list) =>
    list ? change(list) : list,
  );
}
