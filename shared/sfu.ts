/** The SFU's shared texts and limits (docs/calls.md). */

/** A frame for a space the socket is not in (not joined, or no longer allowed). */
export const SFU_NOT_IN_SPACE = 'Vous ne participez pas à cet appel';

/** Without Janus, voice channels and rooms use a peer mesh up to this many people. */
export const MESH_MAX_PARTICIPANTS = 4;
