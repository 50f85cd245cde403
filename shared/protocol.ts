/**
 * The realtime wire contract (docs/realtime.md): JSON frames `{ type, ...payload }` on /ws.
 * Names from docs/product.md §7 are kept; extensions are listed after them.
 *
 * Connection life (server/src/realtime/):
 * - The upgrade is authenticated by the session cookie (401 without one) and checked against
 *   the page's Origin (403 when foreign). Once the socket's channel subscriptions are loaded
 *   the server sends `ready`: from then on the socket receives the events of EVERY channel
 *   its user belongs to (unread counts, notifications), whichever channel is open.
 * - After `ready` (and after every `resync`) the client refetches, for each channel it
 *   shows, `GET /api/channels/{id}/messages?after=<last seq it saw>`: the database is the
 *   truth, sockets only signal, and events may be lost while a socket is closed or a
 *   server node lost its broker subscription (docs/product.md §10.9).
 * - Close codes: 4401 means the session ended (sign-out) — do not reconnect, go to the
 *   landing page; 1008 a policy violation (forged `auth`); 4408 the socket fell too far
 *   behind (reconnect and catch up); 1012 the node is restarting (reconnect after a random
 *   0–5 s, to another node, and catch up). Anything else: reconnect after 3 s
 *   (docs/product.md §4).
 *
 * Batching: frames bound for one socket within one event-loop turn are written together,
 * as ONE WebSocket message holding a JSON array of events. A message is therefore either
 * one event object or an array of them: read it with `parseServerFrame` (protocol/read-frame.ts).
 *
 * Each feature declares its frames and events in `shared/protocol/<feature>.ts`; this
 * module gathers them into the one typed union both sides use.
 */
import { z } from 'zod';
import type { AdminEvent } from './protocol/admin';
import type { BoardEvent } from './protocol/boards';
import {
  type CallEvent,
  VideoAnswerFrameSchema,
  VideoCallResumeFrameSchema,
  VideoEndCallFrameSchema,
  VideoIceCandidateFrameSchema,
  VideoOfferFrameSchema,
} from './protocol/calls';
import {
  type ChannelEvent,
  JoinChannelFrameSchema,
  MarkReadFrameSchema,
} from './protocol/channels';
import { AuthFrameSchema, type ConnectionEvent, PingFrameSchema } from './protocol/connection';
import type { DisconnectEvent } from './protocol/disconnect';
import type { CustomEmojiEvent } from './protocol/emoji';
import type { FileEvent } from './protocol/files';
import type { FriendEvent } from './protocol/friends';
import type { LinkPreviewEvent } from './protocol/link-previews';
import { type MessageEvent, SendMessageFrameSchema } from './protocol/messages';
import { type NotificationEvent, TabVisibilityFrameSchema } from './protocol/notifications';
import type { PinEvent } from './protocol/pins';
import {
  type PresenceEvent,
  PresenceFrameSchema,
  PresenceWatchFrameSchema,
} from './protocol/presence';
import type { PrivacyEvent } from './protocol/privacy';
import type { ReminderEvent } from './protocol/reminders';
import {
  SfuCandidateFrameSchema,
  SfuDescriptionFrameSchema,
  type SfuEvent,
  SfuJoinFrameSchema,
  SfuLayerFrameSchema,
  SfuLeaveFrameSchema,
  SfuSubscribeFrameSchema,
} from './protocol/sfu';
import { type TypingEvent, TypingFrameSchema } from './protocol/typing';
import type { UserGroupEvent } from './protocol/user-groups';
import {
  RoomHeartbeatFrameSchema,
  RoomJoinFrameSchema,
  RoomSignalFrameSchema,
  type VideoRoomEvent,
} from './protocol/video-rooms';
import {
  VoiceAnswerFrameSchema,
  VoiceCandidateFrameSchema,
  type VoiceEvent,
  VoiceJoinFrameSchema,
  VoiceLeaveFrameSchema,
  VoiceOfferFrameSchema,
  VoiceSpeakingFrameSchema,
} from './protocol/voice';

export {
  CLOSE_POLICY_VIOLATION,
  CLOSE_SERVICE_RESTART,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_SLOW,
  CLOSE_TRY_LATER,
  RESTART_RECONNECT_MAX_MS,
} from './protocol/close-codes';

// ── client → server ─────────────────────────────────────────────────────────────────────

/** Every frame a client may send; anything else gets an `error` event back. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  AuthFrameSchema,
  JoinChannelFrameSchema,
  MarkReadFrameSchema,
  TypingFrameSchema,
  PresenceFrameSchema,
  PresenceWatchFrameSchema,
  PingFrameSchema,
  TabVisibilityFrameSchema,
  SendMessageFrameSchema,
  RoomJoinFrameSchema,
  RoomHeartbeatFrameSchema,
  RoomSignalFrameSchema,
  VoiceOfferFrameSchema,
  VoiceAnswerFrameSchema,
  VoiceCandidateFrameSchema,
  VoiceSpeakingFrameSchema,
  VoiceJoinFrameSchema,
  VoiceLeaveFrameSchema,
  VideoOfferFrameSchema,
  VideoAnswerFrameSchema,
  VideoIceCandidateFrameSchema,
  VideoEndCallFrameSchema,
  VideoCallResumeFrameSchema,
  SfuJoinFrameSchema,
  SfuLeaveFrameSchema,
  SfuDescriptionFrameSchema,
  SfuSubscribeFrameSchema,
  SfuLayerFrameSchema,
  SfuCandidateFrameSchema,
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

// ── server → client ─────────────────────────────────────────────────────────────────────
export type ServerEvent =
  | AdminEvent
  | MessageEvent
  | TypingEvent
  | PresenceEvent
  | ChannelEvent
  | ConnectionEvent
  | FriendEvent
  | ReminderEvent
  | CustomEmojiEvent
  | UserGroupEvent
  | FileEvent
  | NotificationEvent
  | VideoRoomEvent
  | VoiceEvent
  | CallEvent
  | SfuEvent
  | BoardEvent
  | PinEvent
  | PrivacyEvent
  | DisconnectEvent
  | LinkPreviewEvent;

export type ServerEventType = ServerEvent['type'];

/** One WebSocket message from the server: an event, or a batch of them (see above). */
export type ServerFrame = ServerEvent | ServerEvent[];
