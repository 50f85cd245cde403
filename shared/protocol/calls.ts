/**
 * The calls feature's frames and events (server/src/features/calls/realtime.ts, docs/calls.md).
 * Names from docs/product.md §7 are kept (video-offer, video-answer, video-ice-candidate,
 * video-end-call, each with channelId and toUserId); `callId` and `tabId` are extensions:
 * a call has one id from its offer on, and each browser tab names itself, because a user may
 * have several tabs open and only the one that answers takes part in the call.
 */
import { z } from 'zod';
import type { CallEndReason } from '../calls';
import type { TypingUser } from '../messages';
import { frameId } from './connection';
import {
  type IceCandidate,
  IceCandidateSchema,
  type SessionDescription,
  SessionDescriptionSchema,
} from './webrtc';

export type Sdp = SessionDescription;

const route = {
  channelId: frameId,
  toUserId: frameId,
  callId: z.uuid(),
  /** The sending tab. */
  tabId: frameId,
};

/** Start a call (the ring), or renegotiate an answered one. */
export const VideoOfferFrameSchema = z.object({
  type: z.literal('video-offer'),
  ...route,
  offer: SessionDescriptionSchema,
});
/** Accept a ringing call (the first tab to answer takes it), or answer a renegotiation. */
export const VideoAnswerFrameSchema = z.object({
  type: z.literal('video-answer'),
  ...route,
  answer: SessionDescriptionSchema,
});
export const VideoIceCandidateFrameSchema = z.object({
  type: z.literal('video-ice-candidate'),
  ...route,
  candidate: IceCandidateSchema,
});
/** Hang up, cancel, decline (while ringing, from the callee) or report a failed connection. */
export const VideoEndCallFrameSchema = z.object({
  type: z.literal('video-end-call'),
  ...route,
  failed: z.boolean().optional(),
});
/** After (re)connecting: the call this user is in, if any, comes back as `video-call-state`. */
export const VideoCallResumeFrameSchema = z.object({
  type: z.literal('video-call-resume'),
  tabId: frameId,
});

/** The other side of a call as the events show them. */
export type CallUser = TypingUser;

/** A call as `video-call-state` shows it to one of its participants. */
export interface CallView {
  callId: string;
  channelId: string;
  state: 'ringing' | 'active';
  caller: CallUser;
  callee: CallUser;
  callerTabId: string;
  /** The callee's tab that answered; null while ringing. */
  calleeTabId: string | null;
  /** The caller's offer: a callee tab that (re)connects while it rings can still answer. */
  offer: Sdp | null;
  ringAt: string;
  acceptedAt: string | null;
}

/**
 * Events to a user reach all of their tabs; `toTabId` names the one tab meant (null: every
 * tab, e.g. the ring). A tab ignores events for a call it does not hold.
 */
export type CallEvent =
  | {
      type: 'video-offer';
      callId: string;
      channelId: string;
      fromUser: CallUser;
      offer: Sdp;
      toTabId: string | null;
    }
  | {
      type: 'video-answer';
      callId: string;
      channelId: string;
      fromUser: CallUser;
      answer: Sdp;
      toTabId: string | null;
    }
  | {
      type: 'video-ice-candidate';
      callId: string;
      channelId: string;
      fromUserId: string;
      candidate: IceCandidate;
      toTabId: string | null;
    }
  | {
      type: 'video-end-call';
      callId: string;
      channelId: string;
      reason: CallEndReason;
      /** Milliseconds from the answer to the end; null for a call never answered. */
      durationMs: number | null;
    }
  /** To the callee's tabs: `tabId` answered, the others stop ringing. */
  | { type: 'video-call-accepted'; callId: string; channelId: string; tabId: string }
  /** Answers `video-call-resume`: the user's call now, or null. */
  | { type: 'video-call-state'; call: CallView | null };
