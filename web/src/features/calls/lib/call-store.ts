import type { CallEvent, CallUser, Sdp } from '#shared/protocol/calls';

/**
 * What the app shell holds of a call before its screen is loaded (docs/calls.md): the call
 * to show, and the call events received until its session takes them. Small on purpose: the
 * peer connection, media and dialog live in the lazy chunk (call-session.ts, call-dialog.tsx).
 */
export type CallRequest =
  | { kind: 'outgoing'; channelId: string; peer: CallUser; peerName: string }
  | { kind: 'incoming'; callId: string; channelId: string; fromUser: CallUser; offer: Sdp };

/** This tab's name in call frames: a user's other tabs ring too, only one answers. */
export const TAB_ID: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);

const BUFFER_MAX = 200;

let request: CallRequest | null = null;
const listeners = new Set<() => void>();
const buffered: CallEvent[] = [];
let sink: ((event: CallEvent) => void) | null = null;

export function getCallRequest(): CallRequest | null {
  return request;
}

export function subscribeCallRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Show a call (the header's button, or a ring); ignored while one is shown. */
export function requestCall(next: CallRequest): boolean {
  if (request) return false;
  request = next;
  for (const listener of listeners) listener();
  return true;
}

/** The call screen closed: back to idle. */
export function clearCallRequest(): void {
  request = null;
  sink = null;
  buffered.length = 0;
  for (const listener of listeners) listener();
}

/** Hand a call event to the session, or keep it until one attaches. */
export function deliverCallEvent(event: CallEvent): void {
  if (sink) {
    sink(event);
    return;
  }
  if (!request) return;
  if (buffered.length < BUFFER_MAX) buffered.push(event);
}

/** The session takes the events kept so far, then every new one. */
export function attachCallSink(handler: (event: CallEvent) => void): () => void {
  sink = handler;
  const kept = buffered.splice(0);
  for (const event of kept) handler(event);
  return () => {
    if (sink === handler) sink = null;
  };
}

const readyListeners = new Set<() => void>();

/** The socket (re)opened: the shell is about to ask after the call (`video-call-resume`). */
export function onSocketReady(listener: () => void): () => void {
  readyListeners.add(listener);
  return () => readyListeners.delete(listener);
}

export function notifySocketReady(): void {
  for (const listener of readyListeners) listener();
}
