import { MESH_MAX_PARTICIPANTS, type MediaMode } from '#shared/sfu';
import { ROOM_PARTICIPANTS_MAX } from '#shared/video-rooms';

/**
 * The instance's media mode (docs/calls.md): Janus configured (`JANUS_URL`, which `npm start`
 * sets when it starts Janus itself) carries up to 50 people a room; without it, the browsers'
 * mesh carries MESH_MAX_PARTICIPANTS, and the server refuses the next one (409).
 * A Janus that is configured but down for a moment does not change the mode: its sockets are
 * told `sfu_reset` and join again when it is back.
 */
export function mediaModeOf(config: { janusUrl?: string | undefined }): MediaMode {
  return config.janusUrl
    ? { mode: 'sfu', participantLimit: ROOM_PARTICIPANTS_MAX }
    : { mode: 'mesh', participantLimit: MESH_MAX_PARTICIPANTS };
}
