import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import type { VoiceParticipant } from '#shared/voice';
import { useSocket, useSocketCatchUp, useSocketEvent, useSocketOpen } from '@/lib/socket-context';
import { voiceParticipantsKey } from '../api/get-voice-participants';
import { updateVoiceRoster, VOICE_ROSTER_KEY } from '../api/get-voice-roster';
import { setHeard } from '../lib/heard';
import {
  getVoiceState,
  keepEarlySignal,
  meshCanAnswer,
  savedVoiceChannel,
  setVoiceSender,
  setVoiceState,
  useVoiceState,
} from '../lib/voice-store';

// What joining, leaving and the server's answers do loads with the first voice event (a join
// asked for, a seat moved), not with the shell: the sidebar's lists below need none of it.
const voiceActions = () => import('../lib/voice-actions');

// The media (peer connections, Janus, remote audio) load with the first join, not with the shell.
const VoiceMedia = lazy(() =>
  import('./voice-media').then((module) => ({ default: module.VoiceMedia })),
);

/**
 * The voice session's events, mounted once in the realtime provider (docs/calls.md, "Salons
 * vocaux"), and its media while in voice: it outlives every screen, so voice goes on while
 * the person works elsewhere in the app. It also keeps, for every member, who is in the
 * voice of each of their channels (the sidebar's lists) and who speaks.
 */
export function VoiceSessionHost({ userId }: { userId: string }) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const inVoice = useVoiceState((s) => s.status !== 'idle');

  useEffect(() => {
    if (!socket) return;
    setVoiceSender((frame) => socket.send(frame, { queue: false }));
    return () => setVoiceSender(null);
  }, [socket]);

  // A reload: the page was in a voice channel; offer it back (audio needs a gesture).
  useEffect(() => {
    const saved = savedVoiceChannel();
    if (saved && getVoiceState().status === 'idle') setVoiceState({ rejoinOffer: saved });
  }, []);

  useSocketEvent(['voice-joined', 'voice-join-refused', 'voice-session'], (event) => {
    void voiceActions().then((actions) => actions.handleVoiceEvent(event));
  });
  useSocketOpen(() => {
    if (getVoiceState().status !== 'idle') {
      void voiceActions().then((actions) => actions.takeSeatOnOpen());
    }
  });
  // One voice connection per person: a call that starts takes the person out of the voice.
  useSocketEvent(['video-answer', 'video-call-accepted'], () => {
    if (getVoiceState().status !== 'idle') {
      void voiceActions().then((actions) => actions.leaveVoiceChannel('call'));
    }
  });

  // Who is in voice in each channel, live for every member (the sidebar's lists).
  const refreshPanel = (channelId: string) =>
    queryClient.invalidateQueries({ queryKey: voiceParticipantsKey(channelId) });
  const put = (participant: VoiceParticipant) =>
    updateVoiceRoster(queryClient, (list) => {
      if (list.some((p) => p.id === participant.id)) {
        return list.map((p) => (p.id === participant.id ? participant : p));
      }
      const others = list.filter(
        (p) => !(p.channelId === participant.channelId && p.userId === participant.userId),
      );
      return [...others, participant];
    });
  useSocketEvent(['voice-user-joined', 'voice-user-updated'], (event) => {
    put(event.participant);
    void refreshPanel(event.channelId);
  });
  useSocketEvent('voice-user-left', (event) => {
    updateVoiceRoster(queryClient, (list) =>
      list.filter((p) => !(p.channelId === event.channelId && p.userId === event.userId)),
    );
    setHeard(event.channelId, event.userId, false);
    void refreshPanel(event.channelId);
  });
  // Mesh offers and candidates the media cannot answer yet (use-voice-mesh.ts answers them).
  useSocketEvent(['voice-offer', 'voice-ice-candidate'], (event) => {
    if (!meshCanAnswer()) keepEarlySignal(event);
  });
  useSocketEvent('voice-speaking', (event) =>
    setHeard(event.channelId, event.userId, event.speaking),
  );
  useSocketEvent(['member_added', 'member_removed', 'channel_deleted'], () => {
    void queryClient.invalidateQueries({ queryKey: VOICE_ROSTER_KEY });
  });
  useSocketCatchUp(({ first }) => {
    if (!first) void queryClient.invalidateQueries({ queryKey: VOICE_ROSTER_KEY });
  });

  return inVoice ? (
    <Suspense fallback={null}>
      <VoiceMedia userId={userId} />
    </Suspense>
  ) : null;
}
