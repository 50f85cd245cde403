/**
 * The video rooms' frames and events (server/src/features/video-rooms/realtime.ts): a peer
 * mesh whose SDP and ICE candidates the server relays, only between seats of one room.
 */
import { z } from 'zod';
import type { RoomParticipant } from '../video-rooms';
import { frameId } from './connection';
import { IceCandidateSchema, SessionDescriptionSchema } from './webrtc';

/** Take the seat on this socket: a guest's token already names it, a user names it here. */
export const RoomJoinFrameSchema = z.object({
  type: z.literal('room_join'),
  participantId: frameId,
});

/** Still here: keeps the seat (a seat silent for ROOM_SEAT_GRACE_S is given back). */
export const RoomHeartbeatFrameSchema = z.object({ type: z.literal('room_heartbeat') });

/**
 * An SDP or a candidate for one other seat of the same room, or (through Janus) the largest
 * simulcast layer of its video this page shows now: a publisher whose largest layer nobody
 * shows stops encoding it (docs/calls.md, "Salles à plusieurs").
 */
export const RoomSignalFrameSchema = z.object({
  type: z.literal('room_signal'),
  toParticipantId: frameId,
  description: SessionDescriptionSchema.optional(),
  candidate: IceCandidateSchema.optional(),
  layer: z.number().int().min(0).max(2).optional(),
});

export type RoomSessionDescription = z.infer<typeof SessionDescriptionSchema>;
export type RoomIceCandidate = z.infer<typeof IceCandidateSchema>;

export type VideoRoomEvent =
  /** The answer to room_join: who is already in (the newcomer offers to each of them). */
  | { type: 'room_joined'; roomId: string; participantId: string; participants: RoomParticipant[] }
  /** To the room's other seats. */
  | { type: 'room_participant_joined'; roomId: string; participant: RoomParticipant }
  /** To every seat, the leaving one included; `removed` when the creator removed it. */
  | { type: 'room_participant_left'; roomId: string; participantId: string; removed: boolean }
  /** The room was switched off or deleted: every seat is closed. */
  | { type: 'room_closed'; roomId: string }
  /** To a guest in the lobby: the creator let it in (it may now take its seat with room_join). */
  | { type: 'room_admitted'; roomId: string; participantId: string }
  /** To the creator's sockets: someone came into or went out of the lobby (ask the list again). */
  | { type: 'room_lobby_changed'; roomId: string }
  | {
      type: 'room_signal';
      roomId: string;
      fromParticipantId: string;
      description?: RoomSessionDescription;
      candidate?: RoomIceCandidate;
      layer?: number;
    };
