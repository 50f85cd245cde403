import { API_ORIGIN } from '@/lib/api';
import { sessionHeaders } from '@/lib/session-token';

/** Best effort, and sent even while the tab closes; a silent seat is swept anyway. */
export const leaveVoice = (channelId: string) =>
  fetch(`${API_ORIGIN}/api/voice-channels/${encodeURIComponent(channelId)}/leave`, {
    method: 'POST',
    credentials: 'include',
    headers: sessionHeaders(),
    keepalive: true,
  }).catch(() => undefined);
