import { useCallback, useEffect, useRef } from 'react';
import { TYPING_STOP_MS } from '#shared/limits';
import { useSocket } from '@/lib/socket-context';

/**
 * Sends typing true on input (repeated at most every 3 s, under the server's 5 s TTL) and
 * typing false 2 s after the last keystroke (docs/product.md §4), on send, and on leaving the channel.
 * Typing frames are never queued: late, they would be wrong.
 */
const REPEAT_MS = 3000;

export function useTypingSignal(channelId: string) {
  const socket = useSocket();
  const lastSent = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(stopTimer.current);
    stopTimer.current = undefined;
    if (lastSent.current === 0) return;
    lastSent.current = 0;
    socket?.send({ type: 'typing', channelId, isTyping: false }, { queue: false });
  }, [socket, channelId]);

  const keystroke = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current > REPEAT_MS) {
      if (socket?.send({ type: 'typing', channelId, isTyping: true }, { queue: false })) {
        lastSent.current = now;
      }
    }
    clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(stop, TYPING_STOP_MS);
  }, [socket, channelId, stop]);

  useEffect(() => stop, [stop]);
  return { keystroke, stop };
}
