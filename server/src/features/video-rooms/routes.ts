import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PARTICIPANT_NOT_FOUND,
  ROOM_NOT_FOUND,
  ROOM_TOKEN_HEADER,
  RoomCodeSchema,
  RoomCreateSchema,
  RoomJoinSchema,
  RoomUpdateSchema,
} from '#shared/video-rooms';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { notFound, parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { depsFor } from '../deps';
import { mediaModeOf } from '../sfu/mode';
import { sfuOf } from '../sfu/routes';
import {
  announceAdmitted,
  announceClosed,
  announceLeft,
  announceLobby,
  registerVideoRoomRealtime,
} from './realtime';
import {
  admitGuest,
  createRoom,
  deleteRoom,
  joinRoom,
  leaveSeat,
  listLobby,
  listMyRooms,
  listParticipants,
  previewByCode,
  removeParticipant,
  requireOwnRoom,
  type Seat,
  seatOfToken,
  updateRoom,
  userSeatInRoom,
} from './service';

type ById = { Params: { id: string } };

/** docs/calls.md: look-ups and joins by code are rate limited per address (guests have no account). */
const rateLimitOf = (ctx: AppContext) => ({
  max: ctx.config.roomRateLimit,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `room:${request.user?.id ?? request.ip}`,
});

const roomId = (params: { id: string }) => idParam(params.id, ROOM_NOT_FOUND);

/**
 * The seat the request speaks for in this room: the signed-in user's, or the one a guest's
 * token opens — and a token opens only its own room's calls.
 */
async function seatOf(ctx: AppContext, request: FastifyRequest, id: string): Promise<Seat | null> {
  if (request.user) return userSeatInRoom(ctx.db, request.user.id, id);
  const token = request.headers[ROOM_TOKEN_HEADER];
  if (typeof token !== 'string') requireUser(request);
  const seat = await seatOfToken(ctx.db, token as string);
  return seat?.roomId === id ? seat : null;
}

export function registerVideoRoomRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rateLimit = rateLimitOf(ctx);
  const limit = mediaModeOf(ctx.config).participantLimit;
  registerVideoRoomRealtime(
    { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log },
    sfuOf(ctx),
  );

  app.get('/api/video-rooms', async (request) => {
    const user = requireUser(request);
    return listMyRooms(ctx.db, user.id, limit);
  });

  app.post('/api/video-rooms', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(RoomCreateSchema, request.body);
    return reply.status(201).send(await createRoom(ctx.db, user.id, input, limit));
  });

  app.patch<ById>('/api/video-rooms/:id', async (request) => {
    const user = requireUser(request);
    const id = roomId(request.params);
    const patch = parse(RoomUpdateSchema, request.body);
    const { room, closedSeats, admitted } = await updateRoom(ctx.db, user.id, id, patch, limit);
    const deps = depsFor(ctx, request);
    if (closedSeats.length > 0) await announceClosed(deps, id, closedSeats);
    for (const participantId of admitted) await announceAdmitted(deps, id, participantId);
    if (admitted.length > 0) await announceLobby(deps, id, user.id);
    return room;
  });

  app.delete<ById>('/api/video-rooms/:id', async (request, reply) => {
    const user = requireUser(request);
    const id = roomId(request.params);
    const seats = await deleteRoom(ctx.db, user.id, id);
    await announceClosed(depsFor(ctx, request), id, seats);
    return reply.status(204).send();
  });

  app.get<{ Params: { roomCode: string } }>(
    '/api/video-rooms/code/:roomCode',
    { config: { rateLimit } },
    async (request) => {
      const code = parse(RoomCodeSchema, request.params.roomCode);
      return previewByCode(ctx.db, code, limit);
    },
  );

  app.post<ById>('/api/video-rooms/:id/join', { config: { rateLimit } }, async (request) => {
    const id = roomId(request.params);
    const { guestName } = parse(RoomJoinSchema, request.body);
    const { joined, creatorId } = await joinRoom(ctx.db, id, request.user, guestName, limit);
    if (joined.participant.waiting && creatorId) {
      await announceLobby(depsFor(ctx, request), id, creatorId);
    }
    return joined;
  });

  /** The room's creator: the guests waiting in its lobby. */
  app.get<ById>('/api/video-rooms/:id/lobby', async (request) => {
    const user = requireUser(request);
    return listLobby(ctx.db, user.id, roomId(request.params));
  });

  app.post<{ Params: { id: string; participantId: string } }>(
    '/api/video-rooms/:id/participants/:participantId/admit',
    async (request) => {
      const user = requireUser(request);
      const id = roomId(request.params);
      const participantId = idParam(request.params.participantId, PARTICIPANT_NOT_FOUND);
      const participant = await admitGuest(ctx.db, user.id, id, participantId, limit);
      const deps = depsFor(ctx, request);
      await announceAdmitted(deps, id, participantId);
      await announceLobby(deps, id, user.id);
      return participant;
    },
  );

  /** Who is in: for the room's seats (a guest's token included) and its creator. */
  app.get<ById>('/api/video-rooms/:id/participants', async (request) => {
    const id = roomId(request.params);
    const seat = await seatOf(ctx, request, id);
    if (!seat || seat.waiting) {
      if (!request.user) throw notFound(ROOM_NOT_FOUND);
      await requireOwnRoom(ctx.db, request.user.id, id);
    }
    return listParticipants(ctx.db, id);
  });

  app.post<ById>('/api/video-rooms/:id/leave', async (request, reply) => {
    const id = roomId(request.params);
    const seat = await seatOf(ctx, request, id);
    if (!seat) throw notFound(ROOM_NOT_FOUND);
    if (await leaveSeat(ctx.db, seat.participantId)) {
      const deps = depsFor(ctx, request);
      await announceLeft(deps, id, seat.participantId, false);
      if (seat.waiting && seat.roomCreatorId) await announceLobby(deps, id, seat.roomCreatorId);
    }
    return reply.status(204).send();
  });

  app.delete<{ Params: { id: string; participantId: string } }>(
    '/api/video-rooms/:id/participants/:participantId',
    async (request, reply) => {
      const user = requireUser(request);
      const id = roomId(request.params);
      const participantId = idParam(request.params.participantId, ROOM_NOT_FOUND);
      const { waiting } = await removeParticipant(ctx.db, user.id, id, participantId);
      const deps = depsFor(ctx, request);
      await announceLeft(deps, id, participantId, true);
      if (waiting) await announceLobby(deps, id, user.id);
      return reply.status(204).send();
    },
  );
}
