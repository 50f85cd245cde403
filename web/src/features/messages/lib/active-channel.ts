/**
 * Which channel's chat is on screen (one at a time): its new messages are read as they
 * come, so they must not raise the sidebar's unread badge.
 */
let activeChannelId: string | null = null;

export function setActiveChannel(channelId: string | null): void {
  activeChannelId = channelId;
}

export function getActiveChannel(): string | null {
  return activeChannelId;
}

/** The user can actually see the channel: tab visible and window focused. */
export function isChannelInView(channelId: string): boolean {
  return (
    activeChannelId === channelId &&
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible' &&
    document.hasFocus()
  );
}
