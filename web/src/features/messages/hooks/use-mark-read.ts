import { useEffect, useReducer, useRef } from 'react';
import { useMarkChannelRead } from '@/features/channels';
import { isChannelInView, onActiveChannelChange } from '@/lib/channel-in-view';

/** A busy channel read live must not cost one request per message. */
const MARK_READ_EVERY_MS = 2000;

/**
 * Marks the open channel read (POST /api/channels/{id}/read) while the user can see it:
 * on opening, on new messages (at most every 2 s), and on coming back to the tab or window.
 * `seq` null: nothing to mark yet (no message, or the visit's read position not taken yet).
 */
export function useMarkReadWhileVisible(channelId: string, seq: number | null): void {
  const { mutate } = useMarkChannelRead();
  const [visibleTick, bump] = useReducer((n: number) => n + 1, 0);
  const last = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    window.addEventListener('focus', bump);
    document.addEventListener('visibilitychange', bump);
    return () => {
      window.removeEventListener('focus', bump);
      document.removeEventListener('visibilitychange', bump);
    };
  }, []);

  useEffect(() => () => clearTimeout(trailing.current), []);

  // Messages shown in the last 2 s wait for the trailing mark: leaving the channel (or the
  // tab) sends it now, since they were seen. Dropped, a mention read as it came stayed unread.
  useEffect(() => {
    const flush = () => {
      if (trailing.current === undefined || isChannelInView(channelId)) return;
      clearTimeout(trailing.current);
      trailing.current = undefined;
      last.current = Date.now();
      mutate(channelId);
    };
    const offActive = onActiveChannelChange(flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      offActive();
      document.removeEventListener('visibilitychange', flush);
    };
  }, [channelId, mutate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: seq and visibleTick are the triggers
  useEffect(() => {
    if (seq === null || !isChannelInView(channelId)) return;
    const mark = () => {
      trailing.current = undefined;
      last.current = Date.now();
      if (isChannelInView(channelId)) mutate(channelId);
    };
    const wait = last.current + MARK_READ_EVERY_MS - Date.now();
    clearTimeout(trailing.current);
    trailing.current = undefined;
    if (wait <= 0) mark();
    else trailing.current = setTimeout(mark, wait);
  }, [channelId, seq, visibleTick, mutate]);
}
