/**
 * What WebRTC signalling carries, declared once for every feature that relays it: calls
 * (protocol/calls.ts), voice channels (voice.ts), video rooms (video-rooms.ts) and the SFU
 * (sfu.ts). The server checks the shape and the sizes and relays the rest as it came.
 */
import { z } from 'zod';

/** A session description (RTCSessionDescriptionInit): an offer or an answer, never empty. */
export const SessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().min(1).max(60_000),
});
export type SessionDescription = z.infer<typeof SessionDescriptionSchema>;

/** An ICE candidate (RTCIceCandidateInit). */
export const IceCandidateSchema = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});
export type IceCandidate = z.infer<typeof IceCandidateSchema>;
