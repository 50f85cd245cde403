import type { VoiceParticipant } from '#shared/voice';
import { apiRequest } from '@/lib/api';

export const joinVoice = (channelId: string) =>
  apiRequest<VoiceParticipant>('POST', `/api/voice-channels/${encodeURIComponent(channelId)}/join`);
