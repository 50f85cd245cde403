import { useEffect, useRef } from 'react';

/**
 * Which channel's chat is on screen (one at a time): its new messages are read as they
 * come, so they must not raise the sidebar's unread badge, and the tab tells the server
 * (docs/notifications.md). Set by the messages feature's chat, read by it and by
 * notifications: below both, so that neither names the other.
 */
let activeChannelId: string | null = null;
const listeners = new Set<() => void>();

export function setActiveChannel(channelId: string | null): void {
  if (channelId === activeChannelId) return;
  activeChannelId = channelId;
  for (const listener of listeners) listener();
}

export function getActiveChannel(): string | null {
  return activeChannelId;
}

/** Call `listener` whenever the channel on screen changes; returns the unsubscribe. */
export function onActiveChannelChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user can actually see the channel: tab visible and window focused. */
export function isChannelInView(channelId: string): boolean {
  return channelInView() === channelId;
}

/** The channel the user can actually see (tab visible, window focused), if any. */
export function channelInView(): string | null {
  return typeof document !== 'undefined' &&
    document.visibilityState === 'visible' &&
    document.hasFocus()
    ? activeChannelId
    : null;
}

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
