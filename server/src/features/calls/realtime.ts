import {
  VideoAnswerFrameSchema,
  VideoCallResumeFrameSchema,
  VideoEndCallFrameSchema,
  VideoIceCandidateFrameSchema,
  VideoOfferFrameSchema,
} from '#shared/protocol/calls';
import type { UserIdentity } from '../../realtime/identity';
import type { FrameHandler, Realtime, Socket } from '../../realtime/realtime';
import { CHANNEL_NOT_FOUND } from '../channels/access';
import { type CallRecord, sideOf, viewOf } from './book';
import type { CallService } from './service';

type UserSocket = Socket<UserIdentity>;

interface Routed {
  channelId: string;
  toUserId: string;
  callId: string;
  tabId: string;
}

/**
 * The call whose participants are the sender and `toUserId`, in `channelId`, with the side
 * and tab of the sender; undefined when the frame is not theirs to send (dropped: nothing
 * reaches a user who is not in the call).
 */
function routeOf(calls: CallService, userId: string, frame: Routed) {
  const call = calls.book.get(frame.callId);
  if (!call || call.channelId !== frame.channelId) return undefined;
  const side = sideOf(call, userId);
  if (!side) return undefined;
  const peer = side === 'caller' ? call.callee : call.caller;
  if (peer.userId !== frame.toUserId) return undefined;
  const ownTab = side === 'caller' ? call.callerTabId : call.calleeTabId;
  const peerTab = side === 'caller' ? call.calleeTabId : call.callerTabId;
  return { call, side, peer, fromOwnTab: ownTab === frame.tabId, peerTab };
}

/**
 * The signalling frames of docs/calls.md. A socket's call frames are handled one after the
 * other, in the order they came (an offer's membership check must not let its first ICE
 * candidates overtake it).
 */
export function registerCallRealtime(realtime: Realtime, calls: CallService): void {
  const queues = new WeakMap<UserSocket, Promise<void>>();
  const inOrder =
    <F>(handler: FrameHandler<UserIdentity, F>): FrameHandler<UserIdentity, F> =>
    (socket, frame) => {
      const run = (queues.get(socket) ?? Promise.resolve()).then(() => handler(socket, frame));
      const settled = run.catch(() => undefined);
      queues.set(socket, settled);
      return run;
    };

  realtime.onFrame(
    'video-offer',
    VideoOfferFrameSchema,
    inOrder(async (socket, frame) => {
      const { userId, profile } = socket.identity;
      const known = calls.book.get(frame.callId);
      if (known) {
        // A renegotiation of an answered call, between the two tabs in it.
        const route = routeOf(calls, userId, frame);
        if (!route?.fromOwnTab || route.call.state !== 'active') return;
        await calls.toUser(route.peer.userId, {
          type: 'video-offer',
          callId: frame.callId,
          channelId: frame.channelId,
          fromUser: profile,
          offer: frame.offer,
          toTabId: route.peerTab,
        });
        return;
      }
      if (!(await calls.isDirectPair(frame.channelId, userId, frame.toUserId))) {
        socket.reply({ type: 'error', message: CHANNEL_NOT_FOUND });
        return;
      }
      const busy = () => {
        socket.reply({
          type: 'video-end-call',
          callId: frame.callId,
          channelId: frame.channelId,
          reason: 'busy',
          durationMs: null,
        });
      };
      if (calls.book.callOf(userId)) return busy();
      if (calls.book.callOf(frame.toUserId)) {
        busy();
        // The callee learns that someone tried to reach them.
        await calls.postLine(frame.channelId, userId, frame.callId, null);
        return;
      }
      const callee = await calls.findUser(frame.toUserId);
      if (!callee) return;
      const call: CallRecord = {
        callId: frame.callId,
        channelId: frame.channelId,
        caller: profile,
        callee,
        callerTabId: frame.tabId,
        calleeTabId: null,
        offer: frame.offer,
        state: 'ringing',
        ringAt: Date.now(),
        acceptedAt: null,
        homeNode: calls.nodeId,
      };
      if (!(await calls.ring(call))) busy();
    }),
  );

  realtime.onFrame(
    'video-answer',
    VideoAnswerFrameSchema,
    inOrder(async (socket, frame) => {
      const { userId, profile } = socket.identity;
      const route = routeOf(calls, userId, frame);
      if (!route) return;
      const { call } = route;
      if (call.state === 'ringing') {
        if (route.side !== 'callee') return;
        if (!(await calls.accept(call, frame.tabId))) return;
      } else if (!route.fromOwnTab) {
        return;
      }
      await calls.toUser(route.peer.userId, {
        type: 'video-answer',
        callId: call.callId,
        channelId: call.channelId,
        fromUser: profile,
        answer: frame.answer,
        toTabId: route.side === 'callee' ? call.callerTabId : call.calleeTabId,
      });
    }),
  );

  realtime.onFrame(
    'video-ice-candidate',
    VideoIceCandidateFrameSchema,
    inOrder(async (socket, frame) => {
      const route = routeOf(calls, socket.identity.userId, frame);
      if (!route?.fromOwnTab) return;
      await calls.toUser(route.peer.userId, {
        type: 'video-ice-candidate',
        callId: frame.callId,
        channelId: frame.channelId,
        fromUserId: socket.identity.userId,
        candidate: frame.candidate,
        // While it rings, every tab of the callee may answer: each keeps the candidates.
        toTabId: route.peerTab,
      });
    }),
  );

  realtime.onFrame(
    'video-end-call',
    VideoEndCallFrameSchema,
    inOrder(async (socket, frame) => {
      const route = routeOf(calls, socket.identity.userId, frame);
      if (!route) return;
      const { call, side } = route;
      if (call.state === 'ringing') {
        // The caller's tab cancels; any tab of the callee declines.
        if (side === 'caller' && !route.fromOwnTab) return;
        await calls.end(call, side === 'caller' ? 'cancelled' : 'declined');
        return;
      }
      if (!route.fromOwnTab) return;
      await calls.end(call, frame.failed ? 'failed' : 'ended');
    }),
  );

  realtime.onFrame(
    'video-call-resume',
    VideoCallResumeFrameSchema,
    inOrder(async (socket) => {
      const { userId } = socket.identity;
      const call = calls.book.callOf(userId);
      socket.reply({ type: 'video-call-state', call: call ? viewOf(call) : null });
      if (call) await calls.seen(call.callId, userId);
    }),
    { activity: 'touch' },
  );
}
