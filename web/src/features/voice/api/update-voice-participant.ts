import type { VoiceParticipant, VoiceParticipantUpdate } from '#shared/voice';
import { apiRequest } from '@/lib/api';

/** SPEC §7: isMuted and/or isDeafened. */
export const updateVoiceParticipant = (participantId: string, patch: VoiceParticipantUpdate) =>
  apiRequest<VoiceParticipant>(
    'PATCH',
    `/api/voice-channel-participants/${encodeURIComponent(participantId)}`,
    patch,
  );
