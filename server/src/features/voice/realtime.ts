import {
  VoiceAnswerFrameSchema,
  VoiceCandidateFrameSchema,
  VoiceJoinFrameSchema,
  VoiceLeaveFrameSchema,
  VoiceOfferFrameSchema,
  VoiceSpeakingFrameSchema,
} from '#shared/protocol/voice';
import { VOICE_JOIN_FAILED, VOICE_PARTICIPANT_NOT_FOUND } from '#shared/voice';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import type { Realtime } from '../../realtime/realtime';
import { channelTopic } from '../channels/topics';
import type { Deps } from '../deps';
import type { VoiceSeats } from './live';
import { bothInVoice, inVoice, joinVoice, leaveVoice, requireVoiceMember } from './service';

/**
 * Joining and leaving over the socket (docs/calls.md, "Salons vocaux"): the seat is the
 * socket's, and ends when it closes. `check` is what a join must pass first (membership,
 * the mesh's limit). Frames of one socket are taken in order.
 */
export function registerVoiceSeats(
  realtime: Realtime,
  deps: Deps,
  seats: VoiceSeats,
  check: (channelId: string, userId: string) => Promise<void>,
): void {
  const queues = new WeakMap<object, Promise<void>>();
  const inOrder = (socket: object, work: () => Promise<void>) => {
    const next = (queues.get(socket) ?? Promise.resolve())
      .then(work)
      .catch((err: unknown) => deps.log.warn({ err }, 'voice: frame failed'));
    queues.set(socket, next);
    return next;
  };
  realtime.onFrame(
    'voice-join',
    VoiceJoinFrameSchema,
    (socket, { channelId }) =>
      inOrder(socket, async () => {
        const userId = socket.identity.userId;
        const connectionId = seats.connectionOf(socket);
        try {
          await requireVoiceMember(deps.db, channelId, userId);
          await check(channelId, userId);
          const participant = await joinVoice(deps, channelId, userId, connectionId);
          if (socket.closed) {
            await leaveVoice(deps, channelId, userId, connectionId);
            return;
          }
          seats.hold(socket, userId, channelId);
          socket.reply({ type: 'voice-joined', channelId, participant, connectionId });
        } catch (err) {
          const known = err instanceof HttpError;
          if (!known) deps.log.warn({ err }, 'voice: join failed');
          socket.reply({
            type: 'voice-join-refused',
            channelId,
            status: known ? err.statusCode : 500,
            message: known ? err.message : VOICE_JOIN_FAILED,
          });
        }
      }),
    {
      refuse: (socket, { channelId }, err) =>
        socket.reply({
          type: 'voice-join-refused',
          channelId,
          status: err.statusCode,
          message: err.message,
        }),
    },
  );
  realtime.onFrame('voice-leave', VoiceLeaveFrameSchema, (socket, { channelId }) =>
    inOrder(socket, async () => {
      const connectionId = seats.connectionOf(socket);
      seats.release(connectionId);
      await leaveVoice(deps, channelId, socket.identity.userId, connectionId);
    }),
  );
}

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
