import { API_ORIGIN } from '@/lib/api';

/** Best effort, and sent even while the tab closes; a silent seat is swept anyway. */
export const leaveVoice = (channelId: string) =>
  fetch(`${API_ORIGIN}/api/voice-channels/${encodeURIComponent(channelId)}/leave`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
  }).catch(() => undefined);
