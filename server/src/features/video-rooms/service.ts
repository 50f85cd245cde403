import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ROOM_NEEDS_MEDIA_SERVER } from '#shared/sfu';
import {
  GUEST_NAME_REQUIRED,
  PARTICIPANT_NOT_FOUND,
  ROOM_AUTH_REQUIRED,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  ROOM_DEFAULT_EXPIRY_HOURS,
  ROOM_EXPIRED,
  ROOM_FULL,
  ROOM_INACTIVE,
  ROOM_LOBBY_FULL,
  ROOM_LOBBY_MAX,
  ROOM_NOT_FOUND,
  ROOM_SEAT_GRACE_S,
  type RoomCreateSchema,
  type RoomJoinResult,
  type RoomParticipant,
  type RoomPreview,
  type VideoRoom,
} from '#shared/video-rooms';
import { users } from '../../auth/schema';
import type { SessionUser } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import {
  type ParticipantRow,
  presentParticipant,
  presentPreview,
  presentRoom,
  type RoomRow,
  roomState,
} from './presenter';
import { videoCallRooms as rooms, videoCallParticipants as seats } from './schema';

const HOUR_MS = 3600 * 1000;
const CREATE_ATTEMPTS = 5;

/** A seat alive: not left, and its page said it was there within the grace (in the lobby or in). */
const seatLive = sql`(${and(
  isNull(seats.leftAt),
  gt(seats.lastSeenAt, sql`now() - make_interval(secs => ${ROOM_SEAT_GRACE_S})`),
)})`;
/** A seat taken now: alive, and in the room (not waiting in the lobby). */
export const seatTaken = sql`(${and(seatLive, eq(seats.waiting, false))})`;
const seatWaiting = sql`(${and(seatLive, eq(seats.waiting, true))})`;

/** docs/calls.md: ROOM_CODE_LENGTH characters from a CSPRNG, without modulo bias. */
export function generateRoomCode(): string {
  const limit = 256 - (256 % ROOM_CODE_ALPHABET.length);
  let code = '';
  while (code.length < ROOM_CODE_LENGTH) {
    for (const byte of randomBytes(ROOM_CODE_LENGTH * 2)) {
      if (byte >= limit || code.length === ROOM_CODE_LENGTH) continue;
      code += ROOM_CODE_ALPHABET[byte % ROOM_CODE_ALPHABET.length];
    }
  }
  return code;
}

export const hashRoomToken = (token: string) => createHash('sha256').update(token).digest('hex');

function expiryOf(expiresAt: string | null | undefined): Date | null {
  if (expiresAt === undefined) return new Date(Date.now() + ROOM_DEFAULT_EXPIRY_HOURS * HOUR_MS);
  return expiresAt === null ? null : new Date(expiresAt);
}

async function seatCounts(db: Db | Tx, roomIds: string[]): Promise<Map<string, number>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .select({ roomId: seats.roomId, n: count() })
    .from(seats)
    .where(and(inArray(seats.roomId, roomIds), seatTaken))
    .groupBy(seats.roomId);
  return new Map(rows.map((r) => [r.roomId, r.n]));
}

/**
 * `limit` in these functions: the most people a room seats in the instance's media mode
 * (features/sfu/mode.ts): 50 through Janus, MESH_MAX_PARTICIPANTS without it.
 */
export async function createRoom(
  db: Db,
  userId: string,
  input: z.output<typeof RoomCreateSchema>,
  limit: number,
): Promise<VideoRoom> {
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    const [row] = await db
      .insert(rooms)
      .values({
        roomCode: generateRoomCode(),
        name: input.name,
        description: input.description,
        createdById: userId,
        allowGuests: input.allowGuests,
        lobbyEnabled: input.lobbyEnabled,
        maxParticipants: input.maxParticipants,
        expiresAt: expiryOf(input.expiresAt),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return presentRoom(row, 0, limit);
  }
  throw new Error('could not draw a free room code');
}

export async function listMyRooms(db: Db, userId: string, limit: number): Promise<VideoRoom[]> {
  const rows = await db
    .select()
    .from(rooms)
    .where(eq(rooms.createdById, userId))
    .orderBy(desc(rooms.createdAt));
  const counts = await seatCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentRoom(r, counts.get(r.id) ?? 0, limit));
}

/** The creator's room, or the same 404 a stranger gets. */
export async function requireOwnRoom(db: Db, userId: string, roomId: string): Promise<RoomRow> {
  const [row] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.createdById, userId)));
  if (!row) throw notFound(ROOM_NOT_FOUND);
  return row;
}

/**
 * PATCH: switch the room on or off, the lobby on or off. Switching the room off ends its call
 * (every seat is given back); switching the lobby off lets in those waiting, while seats last.
 */
export async function updateRoom(
  db: Db,
  userId: string,
  roomId: string,
  patch: { isActive?: boolean; lobbyEnabled?: boolean },
  limit: number,
): Promise<{ room: VideoRoom; closedSeats: string[]; admitted: string[] }> {
  await requireOwnRoom(db, userId, roomId);
  return db.transaction(async (tx) => {
    const [row] = (await tx
      .update(rooms)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(rooms.id, roomId))
      .returning()) as [RoomRow];
    const closed = row.isActive ? [] : await closeSeats(tx, roomId);
    let admitted: string[] = [];
    if (row.isActive && patch.lobbyEnabled === false) {
      const free = Math.min(row.maxParticipants, limit) - (await countOne(tx, roomId));
      const waiting = await tx
        .select({ id: seats.id })
        .from(seats)
        .where(and(eq(seats.roomId, roomId), seatWaiting))
        .orderBy(seats.joinedAt)
        .limit(Math.max(0, free));
      admitted = waiting.map((w) => w.id);
      await letIn(tx, admitted);
    }
    return {
      room: presentRoom(row, row.isActive ? await countOne(tx, roomId) : 0, limit),
      closedSeats: closed,
      admitted,
    };
  });
}

/** Seats of the lobby let into the room, heard from now (their grace starts again). */
const letIn = (tx: Tx, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx
        .update(seats)
        .set({ waiting: false, lastSeenAt: new Date() })
        .where(inArray(seats.id, ids))
        .returning();

/** The guests waiting in the lobby, first come first (the creator's list). */
export async function listLobby(
  db: Db,
  userId: string,
  roomId: string,
): Promise<RoomParticipant[]> {
  await requireOwnRoom(db, userId, roomId);
  const rows = await db
    .select()
    .from(seats)
    .where(and(eq(seats.roomId, roomId), seatWaiting))
    .orderBy(seats.joinedAt);
  return rows.map((row) => presentParticipant(row, null));
}

/** The creator lets a waiting guest in, if a seat is free (the room's row locked, as joins). */
export async function admitGuest(
  db: Db,
  userId: string,
  roomId: string,
  participantId: string,
  limit: number,
): Promise<RoomParticipant> {
  await requireOwnRoom(db, userId, roomId);
  return db.transaction(async (tx) => {
    const [room] = await tx.select().from(rooms).where(eq(rooms.id, roomId)).for('update');
    if (!room) throw notFound(ROOM_NOT_FOUND);
    if (roomState(room) !== 'joinable') throw conflict(ROOM_INACTIVE);
    const [waiting] = await tx
      .select({ id: seats.id })
      .from(seats)
      .where(and(eq(seats.id, participantId), eq(seats.roomId, roomId), seatWaiting));
    if (!waiting) throw notFound(PARTICIPANT_NOT_FOUND);
    seatFree(await countOne(tx, roomId), room.maxParticipants, limit);
    const [row] = await letIn(tx, [participantId]);
    return presentParticipant(row as ParticipantRow, null);
  });
}

/** Deletes the room (its seats go with it); the seats that were taken, to tell them. */
export async function deleteRoom(db: Db, userId: string, roomId: string): Promise<string[]> {
  await requireOwnRoom(db, userId, roomId);
  // Those in the lobby are told too.
  const rows = await db
    .select({ id: seats.id })
    .from(seats)
    .where(and(eq(seats.roomId, roomId), seatLive));
  await db.delete(rooms).where(eq(rooms.id, roomId));
  return rows.map((r) => r.id);
}

/**
 * 409 when no seat is left: the room's own maximum, or the media mode's below it — then the
 * message says a media server is needed (docs/calls.md).
 */
function seatFree(taken: number, maxParticipants: number, limit: number): void {
  if (taken >= maxParticipants) throw conflict(ROOM_FULL);
  if (taken >= limit) throw conflict(ROOM_NEEDS_MEDIA_SERVER);
}

async function countOne(db: Db | Tx, roomId: string): Promise<number> {
  return (await seatCounts(db, [roomId])).get(roomId) ?? 0;
}

async function closeSeats(db: Db | Tx, roomId: string): Promise<string[]> {
  const closed = await db
    .update(seats)
    .set({ leftAt: new Date() })
    .where(and(eq(seats.roomId, roomId), isNull(seats.leftAt)))
    .returning({ id: seats.id });
  return closed.map((s) => s.id);
}

export async function activeSeatIds(db: Db, roomId: string): Promise<string[]> {
  const rows = await db
    .select({ id: seats.id })
    .from(seats)
    .where(and(eq(seats.roomId, roomId), seatTaken));
  return rows.map((r) => r.id);
}

/** GET /api/video-rooms/code/{code}: 404 only when no room has the code. */
export async function previewByCode(db: Db, code: string, limit: number): Promise<RoomPreview> {
  const [row] = await db.select().from(rooms).where(eq(rooms.roomCode, code));
  if (!row) throw notFound(ROOM_NOT_FOUND);
  return presentPreview(row, await countOne(db, row.id), limit);
}

const participantColumns = {
  seat: seats,
  user: {
    displayName: users.displayName,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
};

export async function listParticipants(db: Db, roomId: string): Promise<RoomParticipant[]> {
  const rows = await db
    .select(participantColumns)
    .from(seats)
    .leftJoin(users, eq(users.id, seats.userId))
    .where(and(eq(seats.roomId, roomId), seatTaken))
    .orderBy(seats.joinedAt);
  return rows.map((r) => presentParticipant(r.seat, r.user));
}

/**
 * Take a seat (docs/calls.md). The room's row is locked for the transaction, so concurrent
 * joins are counted one after the other and exactly maxParticipants of them get a seat.
 * A signed-in user already seated keeps the same seat (a reload, a second tab).
 */
export async function joinRoom(
  db: Db,
  roomId: string,
  user: SessionUser | null,
  guestName: string | null,
  limit: number,
): Promise<{ joined: RoomJoinResult; creatorId: string | null }> {
  const token = user ? null : randomBytes(32).toString('base64url');
  const {
    room,
    seat,
    count: taken,
  } = await db.transaction(async (tx) => {
    const [room] = await tx.select().from(rooms).where(eq(rooms.id, roomId)).for('update');
    if (!room) throw notFound(ROOM_NOT_FOUND);
    const state = roomState(room);
    if (state === 'inactive') throw conflict(ROOM_INACTIVE);
    if (state === 'expired') throw conflict(ROOM_EXPIRED);
    if (!user && !room.allowGuests) throw unauthorized(ROOM_AUTH_REQUIRED);
    if (!user && !guestName)
      throw badRequest(GUEST_NAME_REQUIRED, { guestName: [GUEST_NAME_REQUIRED] });
    // Seats whose page went silent are given back, dated when it was last heard from.
    await tx
      .update(seats)
      .set({ leftAt: seats.lastSeenAt })
      .where(and(eq(seats.roomId, roomId), isNull(seats.leftAt), sql`not ${seatLive}`));
    if (user) {
      const [mine] = await tx
        .update(seats)
        .set({ lastSeenAt: new Date() })
        .where(and(eq(seats.roomId, roomId), eq(seats.userId, user.id), isNull(seats.leftAt)))
        .returning();
      if (mine) return { room, seat: mine, count: await countOne(tx, roomId) };
    }
    const taken = await countOne(tx, roomId);
    // With the lobby on, a guest waits for the creator, who admits it if a seat is free then.
    const waiting = !user && room.lobbyEnabled;
    if (waiting) {
      const [lobby] = await tx
        .select({ n: count() })
        .from(seats)
        .where(and(eq(seats.roomId, roomId), seatWaiting));
      if ((lobby?.n ?? 0) >= ROOM_LOBBY_MAX) throw conflict(ROOM_LOBBY_FULL);
    } else seatFree(taken, room.maxParticipants, limit);
    const [seat] = await tx
      .insert(seats)
      .values({
        roomId,
        userId: user?.id ?? null,
        waiting,
        isGuest: !user,
        guestName: user ? null : guestName,
        tokenHash: token ? hashRoomToken(token) : null,
      })
      .returning();
    return { room, seat: seat as ParticipantRow, count: waiting ? taken : taken + 1 };
  });
  return {
    joined: {
      room: presentPreview(room, taken, limit),
      participant: presentParticipant(seat, user),
      token,
      isCreator: !!user && room.createdById === user.id,
    },
    creatorId: room.createdById,
  };
}

/** A seat a socket or a guest's request holds: taken now, in a room still open. */
export interface Seat {
  participantId: string;
  roomId: string;
  userId: string | null;
  roomCreatorId: string | null;
  /** In the lobby (only a guest's token finds such a seat). */
  waiting: boolean;
}

const liveSeat = (db: Db) =>
  db
    .select({
      participantId: seats.id,
      roomId: seats.roomId,
      userId: seats.userId,
      roomCreatorId: rooms.createdById,
      waiting: seats.waiting,
    })
    .from(seats)
    .innerJoin(rooms, eq(rooms.id, seats.roomId));

const roomOpen = sql`(${and(
  eq(rooms.isActive, true),
  sql`(${rooms.expiresAt} is null or ${rooms.expiresAt} > now())`,
)})`;

/**
 * The guest's seat its token opens, while the seat and its room last; otherwise null. A
 * seat in the lobby too (`waiting`): its socket hears when it is let in.
 */
export async function seatOfToken(db: Db, token: string): Promise<Seat | null> {
  if (!token || token.length > 100) return null;
  const [row] = await liveSeat(db).where(
    and(eq(seats.tokenHash, hashRoomToken(token)), seatLive, roomOpen),
  );
  return row ?? null;
}

/** The user's seat by id, while it and its room last. */
export async function seatOfUser(
  db: Db,
  userId: string,
  participantId: string,
): Promise<Seat | null> {
  const [row] = await liveSeat(db).where(
    and(eq(seats.id, participantId), eq(seats.userId, userId), seatTaken, roomOpen),
  );
  return row ?? null;
}

/** A seat by id, while it and its room last (a guest's socket: the token already named it). */
export async function seatById(db: Db, participantId: string): Promise<Seat | null> {
  const [row] = await liveSeat(db).where(and(eq(seats.id, participantId), seatTaken, roomOpen));
  return row ?? null;
}

/** The user's seat in this room, if any. */
export async function userSeatInRoom(db: Db, userId: string, roomId: string): Promise<Seat | null> {
  const [row] = await liveSeat(db).where(
    and(eq(seats.roomId, roomId), eq(seats.userId, userId), seatTaken, roomOpen),
  );
  return row ?? null;
}

/** Whether both seats are taken now in this room (signals go only between such seats). */
export async function bothSeated(
  db: Db,
  roomId: string,
  from: string,
  to: string,
): Promise<boolean> {
  if (from === to) return false;
  const [row] = await db
    .select({ n: count() })
    .from(seats)
    .where(and(inArray(seats.id, [from, to]), eq(seats.roomId, roomId), seatTaken));
  return row?.n === 2;
}

export async function heartbeat(db: Db, participantId: string): Promise<boolean> {
  const rows = await db
    .update(seats)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(seats.id, participantId), isNull(seats.leftAt)))
    .returning({ id: seats.id });
  return rows.length > 0;
}

/** Records leftAt; false when the seat had already been given back. */
export async function leaveSeat(db: Db, participantId: string): Promise<boolean> {
  const rows = await db
    .update(seats)
    .set({ leftAt: new Date() })
    .where(and(eq(seats.id, participantId), isNull(seats.leftAt)))
    .returning({ id: seats.id });
  return rows.length > 0;
}

/** The creator removes a seat of their room. */
export async function removeParticipant(
  db: Db,
  userId: string,
  roomId: string,
  participantId: string,
): Promise<{ waiting: boolean }> {
  await requireOwnRoom(db, userId, roomId);
  const rows = await db
    .update(seats)
    .set({ leftAt: new Date() })
    .where(and(eq(seats.id, participantId), eq(seats.roomId, roomId), isNull(seats.leftAt)))
    .returning({ waiting: seats.waiting });
  if (!rows[0]) throw notFound(PARTICIPANT_NOT_FOUND);
  // From the lobby, this is the creator refusing the guest.
  return { waiting: rows[0].waiting };
}
