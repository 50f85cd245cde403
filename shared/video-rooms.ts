import { z } from 'zod';
import {
  GUEST_NAME_MAX,
  ROOM_NAME_MAX,
  ROOM_PARTICIPANTS_DEFAULT,
  ROOM_PARTICIPANTS_MAX,
  ROOM_PARTICIPANTS_MIN,
} from './limits';

export {
  GUEST_NAME_MAX,
  ROOM_NAME_MAX,
  ROOM_PARTICIPANTS_DEFAULT,
  ROOM_PARTICIPANTS_MAX,
  ROOM_PARTICIPANTS_MIN,
};

/** docs/calls.md: room codes are unguessable — this many characters of the alphabet below. */
export const ROOM_CODE_LENGTH = 12;
/** No look-alikes (0/O, 1/I/L), so a code read aloud or retyped still works. */
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ROOM_DESCRIPTION_MAX = 1000;
/** The in-room page says it is still there this often; a seat silent for the grace is given back. */
export const ROOM_HEARTBEAT_MS = 10_000;
export const ROOM_SEAT_GRACE_S = 35;
/** The expiry choices the create form offers, in hours; null means never. */
export const ROOM_EXPIRY_CHOICES = [1, 24, 168, 720, null] as const;
export const ROOM_DEFAULT_EXPIRY_HOURS = 24;
/** Header that carries a guest's room token on the few room calls a guest makes. */
export const ROOM_TOKEN_HEADER = 'x-room-token';
/** Query parameter that carries it on the /ws upgrade (a browser sets no header there). */
export const ROOM_TOKEN_QUERY = 'room_token';

export const ROOM_NOT_FOUND = 'Salle introuvable';
export const ROOM_INACTIVE = 'Salle inactive';
export const ROOM_EXPIRED = 'Salle expirée';
export const ROOM_FULL = 'La salle est complète';
export const ROOM_AUTH_REQUIRED = 'Cette salle exige une authentification';
export const GUEST_NAME_REQUIRED = 'Le nom est requis';
export const PARTICIPANT_NOT_FOUND = 'Participant introuvable';
/** The lobby holds at most this many guests at once (each is a seat the creator may admit). */
export const ROOM_LOBBY_MAX = 50;
export const ROOM_LOBBY_FULL = 'La salle d’attente est pleine';

/** docs/product.md §5 video room form (POST /api/video-rooms). */
export const RoomCreateSchema = z
  .object({
    name: z
      .string({ error: 'Le nom de la salle est requis' })
      .trim()
      .min(1, 'Le nom de la salle est requis')
      .max(ROOM_NAME_MAX, `Au plus ${ROOM_NAME_MAX} caractères`),
    description: z
      .string()
      .trim()
      .max(ROOM_DESCRIPTION_MAX, `Au plus ${ROOM_DESCRIPTION_MAX} caractères`)
      .nullish()
      .transform((v) => v || null),
    allowGuests: z.boolean({ error: 'allowGuests doit être un booléen' }).default(true),
    /** Guests wait in a lobby until the creator admits them (docs/calls.md). */
    lobbyEnabled: z.boolean({ error: 'lobbyEnabled doit être un booléen' }).default(false),
    maxParticipants: z
      .number({ error: 'Le nombre de participants doit être un nombre' })
      .int('Le nombre de participants doit être un entier')
      .min(ROOM_PARTICIPANTS_MIN, `Au moins ${ROOM_PARTICIPANTS_MIN} participants`)
      .max(ROOM_PARTICIPANTS_MAX, `Au plus ${ROOM_PARTICIPANTS_MAX} participants`)
      .default(ROOM_PARTICIPANTS_DEFAULT),
    /** Absent: ROOM_DEFAULT_EXPIRY_HOURS from now; null: never expires. */
    expiresAt: z.iso
      .datetime({ offset: true, error: 'La date d’expiration doit être une date ISO 8601' })
      .refine((value) => Date.parse(value) > Date.now(), 'La date d’expiration est déjà passée')
      .nullish(),
  })
  .strict();
export type RoomCreateInput = z.input<typeof RoomCreateSchema>;

/** PATCH /api/video-rooms/{id} (docs/product.md §7.2: isActive; and the lobby, docs/calls.md). */
export const RoomUpdateSchema = z
  .object({
    isActive: z.boolean({ error: 'isActive doit être un booléen' }).optional(),
    lobbyEnabled: z.boolean({ error: 'lobbyEnabled doit être un booléen' }).optional(),
  })
  .strict()
  .refine((v) => v.isActive !== undefined || v.lobbyEnabled !== undefined, {
    message: 'Rien à modifier',
  });
export type RoomUpdateInput = z.infer<typeof RoomUpdateSchema>;

/** POST /api/video-rooms/{id}/join (docs/product.md §7.2: guestName, null when signed in). */
export const RoomJoinSchema = z.object({
  guestName: z
    .string()
    .trim()
    .max(GUEST_NAME_MAX, `Au plus ${GUEST_NAME_MAX} caractères`)
    .nullish()
    .transform((v) => v || null),
});
export type RoomJoinInput = z.input<typeof RoomJoinSchema>;

/** What the code in a /join link may be before it is looked up. */
export const RoomCodeSchema = z.string().trim().toUpperCase().min(1).max(50);

/** A room as its creator sees it (GET /api/video-rooms). */
export interface VideoRoom {
  id: string;
  roomCode: string;
  name: string;
  description: string | null;
  createdById: string | null;
  isActive: boolean;
  allowGuests: boolean;
  lobbyEnabled: boolean;
  maxParticipants: number;
  /**
   * The most people the room seats on this instance: maxParticipants, or fewer without a
   * media server (the mesh's MESH_MAX_PARTICIPANTS, docs/calls.md).
   */
  participantLimit: number;
  expiresAt: string | null;
  createdAt: string;
  /** Seats taken now. */
  participantCount: number;
}

/** docs/product.md §4: the join page checks inactive before expired. */
export type RoomState = 'inactive' | 'expired' | 'joinable';

/** GET /api/video-rooms/code/{roomCode}: what the join page shows (no code, no creator id). */
export interface RoomPreview {
  id: string;
  name: string;
  description: string | null;
  allowGuests: boolean;
  /** Guests wait to be let in (the join page says so). */
  lobbyEnabled: boolean;
  maxParticipants: number;
  /** As VideoRoom.participantLimit. */
  participantLimit: number;
  expiresAt: string | null;
  state: RoomState;
  participantCount: number;
}

export interface RoomParticipant {
  id: string;
  roomId: string;
  userId: string | null;
  isGuest: boolean;
  /** The guest's name, or the user's display name (docs/product.md §3 fallback). */
  name: string;
  joinedAt: string;
  leftAt: string | null;
  /** In the lobby: the creator has not admitted it yet. */
  waiting: boolean;
}

/** POST /api/video-rooms/{id}/join: the seat, and for a guest the token scoped to it. */
export interface RoomJoinResult {
  room: RoomPreview;
  participant: RoomParticipant;
  /** Guests only: opens this room's calls and socket, nothing else, while the seat lasts. */
  token: string | null;
  isCreator: boolean;
}
