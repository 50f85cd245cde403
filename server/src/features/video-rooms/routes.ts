import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
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
import { idParam } from '../channels/access';
import { depsFor } from '../deps';
import { sfuOf } from '../sfu/routes';
import { announceClosed, announceLeft, registerVideoRoomRealtime } from './realtime';
import {
  createRoom,
  deleteRoom,
  joinRoom,
  leaveSeat,
  listMyRooms,
  listParticipants,
  previewByCode,
  removeParticipant,
  requireOwnRoom,
  type Seat,
  seatOfToken,
  setRoomActive,
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
  registerVideoRoomRealtime(
    { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log },
    sfuOf(ctx),
  );

  app.get('/api/video-rooms', async (request) => {
    const user = requireUser(request);
    return listMyRooms(ctx.db, user.id);
  });

  app.post('/api/video-rooms', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(RoomCreateSchema, request.body);
    return reply.status(201).send(await createRoom(ctx.db, user.id, input));
  });

  app.patch<ById>('/api/video-rooms/:id', async (request) => {
    const user = requireUser(request);
    const id = roomId(request.params);
    const { isActive } = parse(RoomUpdateSchema, request.body);
    const { room, closedSeats } = await setRoomActive(ctx.db, user.id, id, isActive);
    await announceClosed(depsFor(ctx, request), id, closedSeats);
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
      return previewByCode(ctx.db, code);
    },
  );

  app.post<ById>('/api/video-rooms/:id/join', { config: { rateLimit } }, async (request) => {
    const id = roomId(request.params);
    const { guestName } = parse(RoomJoinSchema, request.body);
    return joinRoom(ctx.db, id, request.user, guestName);
  });

  /** Who is in: for the room's seats (a guest's token included) and its creator. */
  app.get<ById>('/api/video-rooms/:id/participants', async (request) => {
    const id = roomId(request.params);
    const seat = await seatOf(ctx, request, id);
    if (!seat) {
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
      await announceLeft(depsFor(ctx, request), id, seat.participantId, false);
    }
    return reply.status(204).send();
  });

  app.delete<{ Params: { id: string; participantId: string } }>(
    '/api/video-rooms/:id/participants/:participantId',
    async (request, reply) => {
      const user = requireUser(request);
      const id = roomId(request.params);
      const participantId = idParam(request.params.participantId, ROOM_NOT_FOUND);
      await removeParticipant(ctx.db, user.id, id, participantId);
      await announceLeft(depsFor(ctx, request), id, participantId, true);
      return reply.status(204).send();
    },
  );
}
