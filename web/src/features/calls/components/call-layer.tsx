import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { CallEvent } from '#shared/protocol/calls';
import { useSocket, useSocketEvent } from '@/lib/socket-context';
import {
  deliverCallEvent,
  getCallRequest,
  notifySocketReady,
  requestCall,
  subscribeCallRequest,
  TAB_ID,
} from '../lib/call-store';

// The call screen, its peer connection and sounds load only when a call starts or rings.
const CallDialog = lazy(() =>
  import('./call-dialog').then((module) => ({ default: module.CallDialog })),
);

const CALL_EVENTS = [
  'video-offer',
  'video-answer',
  'video-ice-candidate',
  'video-end-call',
  'video-call-accepted',
  'video-call-state',
] as const;

/**
 * Mounted once in the signed-in shell: rings on an incoming call (on every tab of the user),
 * asks after the user's call when the socket (re)opens, and shows the call screen.
 */
export function CallLayer({ userId }: { userId: string }) {
  const socket = useSocket();
  const request = useSyncExternalStore(subscribeCallRequest, getCallRequest);

  const resume = () => {
    notifySocketReady();
    socket?.send({ type: 'video-call-resume', tabId: TAB_ID }, { queue: false });
  };
  useSocketEvent('ready', resume);
  // Mounted after the socket opened: ask now (a ring may have come before this chunk).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per socket.
  useEffect(() => {
    if (socket?.connectionState === 'open') resume();
  }, [socket]);

  useSocketEvent(CALL_EVENTS, (event: CallEvent) => {
    if (event.type === 'video-offer' && event.toTabId === null) {
      requestCall({
        kind: 'incoming',
        callId: event.callId,
        channelId: event.channelId,
        fromUser: event.fromUser,
        offer: event.offer,
      });
    } else if (
      event.type === 'video-call-state' &&
      event.call?.state === 'ringing' &&
      event.call.offer &&
      event.call.callee.userId === userId &&
      !getCallRequest()
    ) {
      // A tab opened (or reconnected) while the user's phone rings rings too.
      const { call } = event;
      requestCall({
        kind: 'incoming',
        callId: call.callId,
        channelId: call.channelId,
        fromUser: call.caller,
        offer: event.call.offer,
      });
    }
    if (event.type === 'video-offer' && event.toTabId !== null && event.toTabId !== TAB_ID) return;
    deliverCallEvent(event);
  });

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <CallDialog
        key={request.kind === 'incoming' ? request.callId : 'outgoing'}
        request={request}
      />
    </Suspense>
  );
}
