import { useEffect, useReducer } from 'react';
import { useMarkChannelRead } from '@/features/channels/api/mark-channel-read';
import { isChannelInView } from '../lib/active-channel';

/**
 * Marks the open channel read (POST /api/channels/{id}/read) while the user can see it:
 * on opening, on each new message, and on coming back to the tab or window.
 */
export function useMarkReadWhileVisible(channelId: string, seq: number | null): void {
  const { mutate } = useMarkChannelRead();
  const [visibleTick, bump] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    window.addEventListener('focus', bump);
    document.addEventListener('visibilitychange', bump);
    return () => {
      window.removeEventListener('focus', bump);
      document.removeEventListener('visibilitychange', bump);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: seq and visibleTick are the triggers
  useEffect(() => {
    if (seq === null || !isChannelInView(channelId)) return;
    mutate(channelId);
  }, [channelId, seq, visibleTick, mutate]);
}
