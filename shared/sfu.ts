/** The SFU's shared texts and limits (docs/calls.md). */

/** A frame for a space the socket is not in (not joined, or no longer allowed). */
export const SFU_NOT_IN_SPACE = 'Vous ne participez pas à cet appel';

/** Without Janus, voice channels and rooms use a peer mesh up to this many people. */
export const MESH_MAX_PARTICIPANTS = 4;

/**
 * How the instance carries the media of rooms and voice channels: through Janus (`sfu`), or
 * each browser sending to every other (`mesh`, no media server configured). GET /api/sfu.
 */
export interface MediaMode {
  mode: 'sfu' | 'mesh';
  /** The most people a room or a voice channel may hold in this mode. */
  participantLimit: number;
}

/** 409 to the person one past the mesh's limit (no media server configured). */
export const ROOM_NEEDS_MEDIA_SERVER = `Salle complète\u00a0: sans serveur multimédia (Janus), une salle accueille au plus ${MESH_MAX_PARTICIPANTS}\u00a0participants. Demandez à l’administrateur d’en installer un.`;
export const VOICE_NEEDS_MEDIA_SERVER = `Canal vocal complet\u00a0: sans serveur multimédia (Janus), un canal vocal accueille au plus ${MESH_MAX_PARTICIPANTS}\u00a0personnes. Demandez à l’administrateur d’en installer un.`;
