/**
 * Which channel's chat is on screen (one at a time): its new messages are read as they
 * come, so they must not raise the sidebar's unread badge.
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
