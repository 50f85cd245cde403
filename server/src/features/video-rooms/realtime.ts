import type { FastifyRequest } from 'fastify';
import type { ServerEvent } from '#shared/protocol';
import {
  RoomHeartbeatFrameSchema,
  RoomJoinFrameSchema,
  RoomSignalFrameSchema,
} from '#shared/protocol/video-rooms';
import { PARTICIPANT_NOT_FOUND, ROOM_TOKEN_HEADER, ROOM_TOKEN_QUERY } from '#shared/video-rooms';
import type { Db } from '../../db/client';
import type { Identity } from '../../realtime/identity';
import { SESSION_TOPIC, topicOf } from '../../realtime/identity';
import type { Socket } from '../../realtime/realtime';
import type { Deps } from '../deps';
import { publish } from '../deps';
import { recheckSfuGroup } from '../sfu/routes';
import type { Sfu } from '../sfu/sfu';
import {
  activeSeatIds,
  bothSeated,
  heartbeat,
  listParticipants,
  type Seat,
  seatById,
  seatOfToken,
  seatOfUser,
} from './service';

/** One topic per seat: a guest's token is scoped to its seat's topic and nothing else. */
export const SEAT_TOPIC = 'room-seat';
export const seatTopic = (participantId: string) => topicOf(SEAT_TOPIC, participantId);
const GUEST_SUBJECT = 'room-guest:';
/** The Janus group of a room: every seat's space `room:<participantId>` meets there. */
const roomGroup = (roomId: string) => `room:${roomId}`;
/**
 * A guest's seat is its session: its sockets hold this session topic, so that ending the
 * seat (left, removed, room closed) closes them like a sign-out closes a user's.
 */
const guestSession = (participantId: string) => `${GUEST_SUBJECT}${participantId}`;
/** The seat a guest's socket holds by its token (scoped identity), or undefined for a user's. */
const guestSeatOf = (identity: Identity): string | undefined =>
  identity.kind === 'scoped' && identity.subject.startsWith(GUEST_SUBJECT)
    ? identity.subject.slice(GUEST_SUBJECT.length)
    : undefined;

/** The seat each socket took with room_join (a socket holds at most one). */
const seated = new WeakMap<Socket, Seat>();

/** An event to every seat taken in the room (each seat's topic: at most maxParticipants). */
export async function toRoom(
  deps: Pick<Deps, 'db' | 'realtime'>,
  roomId: string,
  event: ServerEvent,
  seatIds?: readonly string[],
): Promise<void> {
  const ids = seatIds ?? (await activeSeatIds(deps.db, roomId));
  await Promise.all(ids.map((id) => deps.realtime.toTopic(seatTopic(id), event)));
}

/** A seat is given back: its peers hear it, then its topic goes (a guest's socket hears nothing more). */
export async function announceLeft(
  deps: Deps,
  roomId: string,
  participantId: string,
  removed: boolean,
): Promise<void> {
  const event = { type: 'room_participant_left', roomId, participantId, removed } as const;
  await publish(
    deps,
    'room_participant_left',
    () => toRoom(deps, roomId, event),
    () => deps.realtime.toTopic(seatTopic(participantId), event),
    () => deps.realtime.dropTopic(seatTopic(participantId)),
    () => deps.realtime.sessionEnded(guestSession(participantId)),
    () => recheckSfuGroup(deps.realtime, roomGroup(roomId)),
  );
}

/** A guest of the lobby was let in: its socket hears it, and may take its seat. */
export async function announceAdmitted(
  deps: Deps,
  roomId: string,
  participantId: string,
): Promise<void> {
  await publish(deps, 'room_admitted', () =>
    deps.realtime.toTopic(seatTopic(participantId), {
      type: 'room_admitted',
      roomId,
      participantId,
    }),
  );
}

/** The lobby changed: the creator's pages ask for its list again. */
export async function announceLobby(deps: Deps, roomId: string, creatorId: string): Promise<void> {
  await publish(deps, 'room_lobby_changed', () =>
    deps.realtime.toUsers([creatorId], { type: 'room_lobby_changed', roomId }),
  );
}

/** The room is off or gone: every seat hears it, then loses its topic. */
export async function announceClosed(deps: Deps, roomId: string, seatIds: string[]): Promise<void> {
  await publish(
    deps,
    'room_closed',
    () => toRoom(deps, roomId, { type: 'room_closed', roomId }, seatIds),
    ...seatIds.map((id) => () => deps.realtime.dropTopic(seatTopic(id))),
    ...seatIds.map((id) => () => deps.realtime.sessionEnded(guestSession(id))),
    () => recheckSfuGroup(deps.realtime, roomGroup(roomId)),
  );
}

/** A browser puts the token in the query (it sets no header on an upgrade); other clients may use the header. */
function tokenOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.[ROOM_TOKEN_QUERY] ?? request.headers[ROOM_TOKEN_HEADER];
  return typeof token === 'string' ? token : undefined;
}

/** The seat the socket may take: a guest only its token's; a user only one of theirs. */
async function seatFor(db: Db, identity: Identity, participantId: string): Promise<Seat | null> {
  if (identity.kind === 'scoped') {
    if (guestSeatOf(identity) !== participantId) return null;
    return seatById(db, participantId);
  }
  return seatOfUser(db, identity.userId, participantId);
}

/**
 * The room's socket side (docs/calls.md): guests' sockets by token, the seat topic kind,
 * and the frames of the mesh — join, heartbeat, and signals relayed only between seats of
 * one room.
 */
export function registerVideoRoomRealtime(deps: Deps, sfu: Sfu): void {
  const { realtime, db } = deps;

  // The SFU space `room:<participantId>`: the seat this socket took with room_join, still taken.
  sfu.space('room', async (_identity, participantId, socket) => {
    const seat = seated.get(socket);
    if (!seat || seat.participantId !== participantId) return null;
    if (!(await seatById(db, participantId))) return null;
    return { group: roomGroup(seat.roomId), display: participantId, screenOnly: false };
  });

  realtime.identifyScoped(
    async (request) => {
      const token = tokenOf(request);
      const seat = token ? await seatOfToken(db, token) : null;
      if (!seat) return undefined;
      return {
        kind: 'scoped',
        subject: `${GUEST_SUBJECT}${seat.participantId}`,
        topics: [
          seatTopic(seat.participantId),
          topicOf(SESSION_TOPIC, guestSession(seat.participantId)),
        ],
      };
    },
    { header: ROOM_TOKEN_HEADER, query: ROOM_TOKEN_QUERY },
  );

  realtime.topicKind(SEAT_TOPIC, {
    authorize: async (identity, participantId) =>
      identity.kind === 'user' && (await seatOfUser(db, identity.userId, participantId)) !== null,
  });

  realtime.onAnyFrame('room_join', RoomJoinFrameSchema, async (socket, { participantId }) => {
    const seat = await seatFor(db, socket.identity, participantId);
    if (!seat || !(await socket.subscribe(seatTopic(participantId)))) {
      socket.reply({ type: 'error', message: PARTICIPANT_NOT_FOUND });
      return;
    }
    seated.set(socket, seat);
    await heartbeat(db, participantId);
    const everyone = await listParticipants(db, seat.roomId);
    const me = everyone.find((p) => p.id === participantId);
    const others = everyone.filter((p) => p.id !== participantId);
    socket.reply({ type: 'room_joined', roomId: seat.roomId, participantId, participants: others });
    if (!me) return;
    const event = {
      type: 'room_participant_joined',
      roomId: seat.roomId,
      participant: me,
    } as const;
    await toRoom(
      deps,
      seat.roomId,
      event,
      others.map((p) => p.id),
    );
  });

  realtime.onAnyFrame('room_heartbeat', RoomHeartbeatFrameSchema, async (socket) => {
    // A guest in the lobby has no seat taken yet: its token's seat is kept alive all the same.
    const participantId = seated.get(socket)?.participantId ?? guestSeatOf(socket.identity);
    if (participantId) await heartbeat(db, participantId);
  });

  realtime.onAnyFrame('room_signal', RoomSignalFrameSchema, async (socket, frame) => {
    const seat = seated.get(socket);
    // Both seats taken now, in the same room: a seat removed or closed may signal no more.
    if (!seat || !(await bothSeated(db, seat.roomId, seat.participantId, frame.toParticipantId))) {
      socket.reply({ type: 'error', message: PARTICIPANT_NOT_FOUND });
      return;
    }
    await realtime.toTopic(seatTopic(frame.toParticipantId), {
      type: 'room_signal',
      roomId: seat.roomId,
      fromParticipantId: seat.participantId,
      ...(frame.description ? { description: frame.description } : {}),
      ...(frame.candidate ? { candidate: frame.candidate } : {}),
      ...(frame.layer === undefined ? {} : { layer: frame.layer }),
    });
  });
}
