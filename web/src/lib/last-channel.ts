/**
 * The channel this browser last opened, so that / reopens it (Slack's way) instead of the
 * first one of the list. Only a hint: the caller checks it is still among the user's
 * channels.
 */
const KEY = 'ruche:last-channel';

export function rememberLastChannel(channelId: string): void {
  try {
    localStorage.setItem(KEY, channelId);
  } catch {
    // Storage refused (private mode, quota): / falls back to the first channel.
  }
}

export function lastChannel(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
