import { useEffect, useState } from 'react';
import { useSocket, useSocketEvent } from '@/lib/socket-context';
import { useSpeaking } from '@/lib/use-speaking';

/**
 * Who speaks in a voice chat, for the list (docs/calls.md, "Indicateurs de parole"): a page
 * in the voice tells the channel when its own microphone starts or stops speaking, and every
 * member's page keeps what it heard — the only way to know for those not in the voice, who
 * receive no audio. `mic` is this page's microphone while it is in the voice, else null.
 * Returns what was heard from others, and whether this page's own user speaks now.
 */
export function useVoiceSpeaking(channelId: string, mic: MediaStream | null, muted: boolean) {
  const socket = useSocket();
  const speaking = useSpeaking(mic) && !muted;
  const [heard, setHeard] = useState<ReadonlyMap<string, boolean>>(new Map());

  // Each change while in the voice (at most a few a second: useSpeaking holds 400 ms).
  useEffect(() => {
    if (!mic || !socket) return;
    socket.send({ type: 'voice-speaking', channelId, speaking }, { queue: false });
  }, [socket, channelId, mic, speaking]);

  useSocketEvent(['voice-speaking', 'voice-user-left'], (event) => {
    if (event.channelId !== channelId) return;
    setHeard((current) => {
      const next = new Map(current);
      if (event.type === 'voice-speaking' && event.speaking) next.set(event.userId, true);
      else next.delete(event.userId);
      return next;
    });
  });

  return { heard, speaking };
}
