/**
 * Voice channels' frames and events (server/src/features/voice/realtime.ts): the names of docs/product.md §7.3.
 * Signals go only between two users who are both in the voice channel now.
 */
import { z } from 'zod';
import type { VoiceParticipant } from '../voice';
import { frameId } from './connection';
import {
  type IceCandidate,
  IceCandidateSchema,
  type SessionDescription,
  SessionDescriptionSchema,
} from './webrtc';

const target = { channelId: frameId, toUserId: frameId };

export const VoiceOfferFrameSchema = z.object({
  type: z.literal('voice-offer'),
  ...target,
  offer: SessionDescriptionSchema,
});
export const VoiceAnswerFrameSchema = z.object({
  type: z.literal('voice-answer'),
  ...target,
  answer: SessionDescriptionSchema,
});
export const VoiceCandidateFrameSchema = z.object({
  type: z.literal('voice-ice-candidate'),
  ...target,
  candidate: IceCandidateSchema,
});

/** One's own voice started or stopped (docs/calls.md, "Indicateurs de parole"): sent on change only. */
export const VoiceSpeakingFrameSchema = z.object({
  type: z.literal('voice-speaking'),
  channelId: frameId,
  speaking: z.boolean(),
});

/**
 * Join a voice channel on this socket (docs/calls.md, "Salons vocaux"): the seat lasts as
 * long as the socket. A seat elsewhere (another channel, another tab) moves here.
 */
export const VoiceJoinFrameSchema = z.object({ type: z.literal('voice-join'), channelId: frameId });
/** Leave the voice channel this socket holds. */
export const VoiceLeaveFrameSchema = z.object({
  type: z.literal('voice-leave'),
  channelId: frameId,
});

export type VoiceEvent =
  /** To the socket that sent voice-join: its seat, and the connection id that holds it. */
  | {
      type: 'voice-joined';
      channelId: string;
      participant: VoiceParticipant;
      connectionId: string;
    }
  /** To the socket that sent voice-join: refused, with the HTTP status and French message. */
  | { type: 'voice-join-refused'; channelId: string; status: number; message: string }
  /**
   * To every socket of the user: where their one voice seat is now (null: nowhere), and the
   * connection that holds it; a page whose connection it is not is not in the voice.
   */
  | { type: 'voice-session'; channelId: string | null; connectionId: string | null }
  /** To the channel's members: someone's mute or deafen changed. */
  | { type: 'voice-user-updated'; channelId: string; participant: VoiceParticipant }
  /** To the channel's members: someone entered the voice channel (the ones in it offer). */
  | { type: 'voice-user-joined'; channelId: string; participant: VoiceParticipant }
  | { type: 'voice-user-left'; channelId: string; userId: string }
  /** To the channel's members: who speaks now, for those who hear nobody (not in the voice). */
  | { type: 'voice-speaking'; channelId: string; userId: string; speaking: boolean }
  | { type: 'voice-offer'; channelId: string; fromUserId: string; offer: SessionDescription }
  | { type: 'voice-answer'; channelId: string; fromUserId: string; answer: SessionDescription }
  | { type: 'voice-ice-candidate'; channelId: string; fromUserId: string; candidate: IceCandidate };
