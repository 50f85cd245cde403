import { useEffect, useRef } from 'react';
import { useSocket } from '@/lib/socket-context';
import { useSpeaking } from '@/lib/use-speaking';
import { useVoiceMesh } from '../hooks/use-voice-mesh';
import { measureQuality } from '../lib/quality';
import { getVoiceState, setVoiceState, useVoiceState } from '../lib/voice-store';

/** How often the connection quality is measured while in voice. */
const QUALITY_EVERY_MS = 2000;

/**
 * The voice session's media while in voice (VoiceSessionHost mounts it): the microphone sent
 * through Janus or the mesh, every other person's audio played, one's own speaking told to
 * the channel, and the connection's quality measured for the bar.
 */
export function VoiceMedia({ userId }: { userId: string }) {
  const socket = useSocket();
  const { status, channel, mic, connectionId, me, screen } = useVoiceState();
  const active = status === 'connected' || status === 'reconnecting';
  const { streams, mode, connections } = useVoiceMesh(
    channel?.id ?? '',
    userId,
    active ? mic : null,
    active ? connectionId : null,
    screen?.getVideoTracks()[0] ?? null,
  );

  useEffect(() => setVoiceState({ streams }), [streams]);
  useEffect(() => setVoiceState({ mode }), [mode]);

  // One's own voice: lit in the lists, and told to the channel on each change.
  const selfSpeaking = useSpeaking(active ? mic : null) && !me?.isMuted;
  const channelId = channel?.id;
  useEffect(() => {
    setVoiceState({ selfSpeaking });
    if (!active || !channelId) return;
    socket?.send({ type: 'voice-speaking', channelId, speaking: selfSpeaking }, { queue: false });
  }, [socket, active, channelId, selfSpeaking]);

  // The connection's quality, from the peer connections' stats.
  const connectionsRef = useRef(connections);
  connectionsRef.current = connections;
  useEffect(() => {
    if (!active) {
      setVoiceState({ quality: null });
      return;
    }
    let stopped = false;
    const previous = new Map<string, { lost: number; received: number }>();
    const measure = async () => {
      const quality = await measureQuality(connectionsRef.current(), previous);
      if (stopped) return;
      setVoiceState({ quality: getVoiceState().status === 'reconnecting' ? 'poor' : quality });
    };
    void measure();
    const timer = setInterval(measure, QUALITY_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active]);

  const deafened = Boolean(me?.isDeafened);
  return (
    <>
      {[...streams].map(([peer, stream]) => (
        <RemoteAudio key={peer} stream={stream} muted={deafened} />
      ))}
    </>
  );
}

/** docs/product.md §4: deafening mutes all remote audio. */
function RemoteAudio({ stream, muted }: { stream: MediaStream; muted: boolean }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.srcObject = stream;
  }, [stream]);
  return <audio ref={audio} autoPlay muted={muted} className="hidden" data-voice-audio="" />;
}
