/**
 * SPEC §7: peer connections use public STUN servers. A constant of this feature until the
 * server hands out ICE servers (ICE_SERVERS / TURN_SECRET, shared with 1:1 calls).
 */
export const ROOM_ICE_SERVERS: RTCIceServer[] = [
  { urls: 'stun:stun.l.google.com:19302' },
  { urls: 'stun:stun1.l.google.com:19302' },
];
