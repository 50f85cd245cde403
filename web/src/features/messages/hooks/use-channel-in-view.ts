import { useEffect, useRef } from 'react';
import { channelInView, onActiveChannelChange } from '../lib/active-channel';

/**
 * The channel the user can actually see — its chat open, the tab visible, the window
 * focused — as a getter, or null; `onChange` runs (once per turn: a switch of channel is a
 * "none" then the next one, in one commit) whenever that may have changed. For the tab's
 * `tab_visibility` frame (docs/notifications.md, "A channel read as it comes").
 */
export function useChannelInView(onChange: () => void): () => string | null {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    let due = false;
    const change = () => {
      if (due) return;
      due = true;
      queueMicrotask(() => {
        due = false;
        latest.current();
      });
    };
    document.addEventListener('visibilitychange', change);
    window.addEventListener('focus', change);
    window.addEventListener('blur', change);
    const stopWatching = onActiveChannelChange(change);
    return () => {
      document.removeEventListener('visibilitychange', change);
      window.removeEventListener('focus', change);
      window.removeEventListener('blur', change);
      stopWatching();
    };
  }, []);
  return channelInView;
}
