import {
  VoiceAnswerFrameSchema,
  VoiceCandidateFrameSchema,
  VoiceOfferFrameSchema,
  VoiceSpeakingFrameSchema,
} from '#shared/protocol/voice';
import { VOICE_PARTICIPANT_NOT_FOUND } from '#shared/voice';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import { channelTopic } from '../channels/topics';
import { bothInVoice, inVoice } from './service';

/**
 * docs/product.md §7.3 voice signalling: an offer, answer or candidate goes to the other user's sockets,
 * only when both are in the voice channel now (the store says so, on any node).
 */
export function registerVoiceRealtime(realtime: Realtime, db: Db): void {
  const relay =
    <K extends 'offer' | 'answer' | 'candidate'>(type: `voice-${string}`, key: K) =>
    async (
      socket: Parameters<Parameters<Realtime['onFrame']>[2]>[0],
      frame: { channelId: string; toUserId: string } & Record<K, unknown>,
    ) => {
      const from = socket.identity.userId;
      if (!(await bothInVoice(db, frame.channelId, from, frame.toUserId))) {
        socket.reply({ type: 'error', message: VOICE_PARTICIPANT_NOT_FOUND });
        return;
      }
      const event = { type, channelId: frame.channelId, fromUserId: from, [key]: frame[key] };
      await realtime.toUsers([frame.toUserId], event as never);
    };
  realtime.onFrame('voice-offer', VoiceOfferFrameSchema, relay('voice-offer', 'offer'));
  realtime.onFrame('voice-answer', VoiceAnswerFrameSchema, relay('voice-answer', 'answer'));
  realtime.onFrame(
    'voice-ice-candidate',
    VoiceCandidateFrameSchema,
    relay('voice-ice-candidate', 'candidate'),
  );
  // Who speaks, for the members who see the list without hearing (docs/calls.md): from
  // someone in the voice channel only, to the channel's members.
  realtime.onFrame(
    'voice-speaking',
    VoiceSpeakingFrameSchema,
    async (socket, { channelId, speaking }) => {
      const userId = socket.identity.userId;
      if (!(await inVoice(db, channelId, userId))) {
        socket.reply({ type: 'error', message: VOICE_PARTICIPANT_NOT_FOUND });
        return;
      }
      await realtime.toTopic(channelTopic(channelId), {
        type: 'voice-speaking',
        channelId,
        userId,
        speaking,
      });
    },
    { activity: 'none' },
  );
}
