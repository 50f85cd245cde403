import { userDisplayName } from '#shared/user-names';
import type { RoomParticipant, RoomPreview, RoomState, VideoRoom } from '#shared/video-rooms';
import type { users } from '../../auth/schema';
import type { videoCallParticipants, videoCallRooms } from './schema';

export type RoomRow = typeof videoCallRooms.$inferSelect;
export type ParticipantRow = typeof videoCallParticipants.$inferSelect;
type NamedUser = Pick<
  typeof users.$inferSelect,
  'displayName' | 'firstName' | 'lastName' | 'email'
>;

/** docs/product.md §4: inactive is checked before expired. */
export function roomState(
  room: Pick<RoomRow, 'isActive' | 'expiresAt'>,
  now = new Date(),
): RoomState {
  if (!room.isActive) return 'inactive';
  if (room.expiresAt && room.expiresAt <= now) return 'expired';
  return 'joinable';
}

/** `limit`: the instance's media mode's (features/sfu/mode.ts), a room seats no more. */
export function presentRoom(row: RoomRow, participantCount: number, limit: number): VideoRoom {
  return {
    id: row.id,
    roomCode: row.roomCode,
    name: row.name,
    description: row.description,
    createdById: row.createdById,
    isActive: row.isActive,
    allowGuests: row.allowGuests,
    lobbyEnabled: row.lobbyEnabled,
    maxParticipants: row.maxParticipants,
    participantLimit: Math.min(row.maxParticipants, limit),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    participantCount,
  };
}

export function presentPreview(row: RoomRow, participantCount: number, limit: number): RoomPreview {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    allowGuests: row.allowGuests,
    lobbyEnabled: row.lobbyEnabled,
    maxParticipants: row.maxParticipants,
    participantLimit: Math.min(row.maxParticipants, limit),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    state: roomState(row),
    participantCount,
  };
}

export function presentParticipant(row: ParticipantRow, user: NamedUser | null): RoomParticipant {
  return {
    id: row.id,
    roomId: row.roomId,
    userId: row.userId,
    isGuest: row.isGuest,
    name: (row.isGuest ? row.guestName : userDisplayName(user)) ?? 'Utilisateur inconnu',
    joinedAt: row.joinedAt.toISOString(),
    leftAt: row.leftAt?.toISOString() ?? null,
    waiting: row.waiting,
  };
}
