import type { VoiceParticipant, VoiceParticipantUpdate } from '#shared/voice';
import { apiRequest } from '@/lib/api';

/** docs/product.md §7.2: isMuted and/or isDeafened. */
export const updateVoiceParticipant = (participantId: string, patch: VoiceParticipantUpdate) =>
  apiRequest<VoiceParticipant>(
    'PATCH',
    `/api/voice-channel-participants/${encodeURIComponent(participantId)}`,
    patch,
  );
