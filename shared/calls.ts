/**
 * 1:1 video calls in direct channels (docs/calls.md): constants both sides use and the wire
 * type of GET /api/calls/ice-servers.
 */

/** No answer within this time: the call is missed (the caller stops ringing, a line is posted). */
export const CALL_RING_TIMEOUT_MS = 30_000;
/**
 * A participant with no open socket on any node for this long has left the call (a socket
 * that reconnects within it finds the call again, with `video-call-resume`).
 */
export const CALL_RECONNECT_GRACE_MS = 20_000;

/** One RTCIceServer, as RTCPeerConnection takes it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** GET /api/calls/ice-servers: what a peer connection is built with; TURN credentials expire. */
export interface IceServersResponse {
  iceServers: IceServer[];
  /** Seconds the TURN credentials stay valid; null without TURN. */
  ttlSeconds: number | null;
  /** RTCConfiguration.iceTransportPolicy (ICE_TRANSPORT_POLICY): `relay`, through TURN only. */
  iceTransportPolicy: 'all' | 'relay';
}

/** Why a call ended, as `video-end-call` tells both sides. */
export type CallEndReason =
  /** A participant hung up an answered call. */
  | 'ended'
  /** The callee declined (from any of their tabs). */
  | 'declined'
  /** The caller hung up before an answer. */
  | 'cancelled'
  /** No answer within CALL_RING_TIMEOUT_MS. */
  | 'missed'
  /** The callee (or the caller) was already in a call: no call was made. */
  | 'busy'
  /** A side's connection failed. */
  | 'failed'
  /** A participant had no socket for longer than CALL_RECONNECT_GRACE_MS. */
  | 'lost';
