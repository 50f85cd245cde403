import { lazy, Suspense } from 'react';
import { useChannelVoiceRoster } from '../api/get-voice-roster';

// Loaded when someone is first in a voice channel, not with the sidebar.
const VoiceChannelMembersList = lazy(() =>
  import('./voice-channel-members-list').then((module) => ({
    default: module.VoiceChannelMembersList,
  })),
);

/**
 * Under a voice channel in the sidebar: who is in it now (docs/calls.md, "Salons vocaux"),
 * live for every member without opening it.
 */
export function VoiceChannelMembers({ channelId, name }: { channelId: string; name: string }) {
  const { data } = useChannelVoiceRoster(channelId);
  if (!data || data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <VoiceChannelMembersList name={name} participants={data} />
    </Suspense>
  );
}
