import { z } from 'zod';
import type { User } from './users';

/**
 * A seat nobody refreshed for this long is taken out of the channel: a seat held by a socket
 * is refreshed by its node every VOICE_HEARTBEAT_MS, a seat joined over HTTP by its holder's
 * poll (docs/calls.md, "Salons vocaux").
 */
export const VOICE_SILENT_AFTER_S = 10;
/** How often a node refreshes the seats its sockets hold, and sweeps the silent ones. */
export const VOICE_HEARTBEAT_MS = 3000;
export const VOICE_NOT_FOUND = 'Canal vocal introuvable';
export const VOICE_PARTICIPANT_NOT_FOUND = 'Participant introuvable';
export const VOICE_JOIN_FAILED = 'Impossible de rejoindre le canal vocal';

/** docs/product.md §3 voice_channel_participants; the view adds the user. */
export interface VoiceParticipant {
  id: string;
  channelId: string;
  userId: string;
  joinedAt: string;
  isMuted: boolean;
  isDeafened: boolean;
  /** Sends its screen to the channel's voice (watched by the others in it). */
  isSharingScreen: boolean;
  user: User;
}

/**
 * PATCH /api/voice-channel-participants/{id} (docs/product.md §7.2: isMuted, isDeafened
 * and/or isSharingScreen).
 */
export const VoiceParticipantUpdateSchema = z
  .object({
    isMuted: z.boolean({ error: 'isMuted doit être un booléen' }).optional(),
    isDeafened: z.boolean({ error: 'isDeafened doit être un booléen' }).optional(),
    isSharingScreen: z.boolean({ error: 'isSharingScreen doit être un booléen' }).optional(),
  })
  .strict()
  .refine(
    (v) => v.isMuted !== undefined || v.isDeafened !== undefined || v.isSharingScreen !== undefined,
    { message: 'isMuted, isDeafened ou isSharingScreen est requis' },
  );
export type VoiceParticipantUpdate = z.infer<typeof VoiceParticipantUpdateSchema>;
