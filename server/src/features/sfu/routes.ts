import type { FastifyInstance } from 'fastify';
import {
  SfuCandidateFrameSchema,
  SfuDescriptionFrameSchema,
  SfuJoinFrameSchema,
  SfuLayerFrameSchema,
  SfuLeaveFrameSchema,
  SfuSubscribeFrameSchema,
} from '#shared/protocol/sfu';
import { type MediaMode, SFU_NOT_IN_SPACE } from '#shared/sfu';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { subjectOf } from '../../realtime/identity';
import type { Realtime, Socket } from '../../realtime/realtime';
import { iceServersFor } from '../calls/ice';
import { JanusLink } from './janus';
import { mediaModeOf } from './mode';
import { Sfu } from './sfu';

const sfus = new WeakMap<AppContext, Sfu>();

/** The broker note of `recheckSfuGroup` (realtime share). */
const SFU_RECHECK = 'sfu_recheck';

/**
 * Someone left a group (a voice channel, a room): every node checks its sockets in that
 * group against the feature again, and those no longer granted leave Janus at once, so a
 * removed person's media stops now, not at their next frame (docs/calls.md).
 */
export const recheckSfuGroup = (realtime: Realtime, group: string): Promise<void> =>
  realtime.share(SFU_RECHECK, { group });

/** The app's SFU: features declare their spaces on it (voice channels, video rooms). */
export function sfuOf(ctx: AppContext): Sfu {
  let sfu = sfus.get(ctx);
  if (!sfu) {
    const log = { warn: () => undefined, info: () => undefined };
    sfu = new Sfu(ctx.config.janusUrl ? new JanusLink(ctx.config.janusUrl, log) : undefined, log);
    sfus.set(ctx, sfu);
  }
  return sfu;
}

/**
 * The SFU's frames (shared/protocol/sfu.ts, docs/calls.md). A socket's frames are handled in
 * the order they came (a candidate must not overtake the offer it belongs to), and every
 * frame is checked against the space's authorizer: a socket not in the space gets an error,
 * and nothing reaches Janus.
 */
export function registerSfuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sfu = sfuOf(ctx);
  const log = app.log.child({ feature: 'sfu' });

  /** The media mode and the limit it sets (the room form, the administration card). */
  app.get('/api/sfu', async (request): Promise<MediaMode> => {
    requireUser(request);
    return mediaModeOf(ctx.config);
  });
  sfu.log = log;
  if (sfu.janus) {
    sfu.janus.log = log;
    sfu.janus.start();
    app.addHook('onClose', async () => sfu.janus?.stop());
  }

  const queues = new WeakMap<Socket, Promise<void>>();
  const inOrder =
    <F>(work: (socket: Socket, frame: F) => Promise<void>) =>
    (socket: Socket, frame: F): Promise<void> => {
      const next = (queues.get(socket) ?? Promise.resolve())
        .then(() => (socket.closed ? undefined : work(socket, frame)))
        .catch((err: unknown) => log.warn({ err }, 'sfu: frame failed'));
      queues.set(socket, next);
      return next;
    };
  const refuse = (socket: Socket) => socket.reply({ type: 'error', message: SFU_NOT_IN_SPACE });

  /** The socket's membership, only while the feature still grants the space. */
  const memberOf = async (socket: Socket, space: string) => {
    const member = sfu.member(socket, space);
    if (!member || !(await sfu.authorize(socket, space))) {
      refuse(socket);
      return undefined;
    }
    return member;
  };

  // In each socket's frame order, never in the middle of one of its frames.
  const recheck = inOrder(async (socket, space: string) => {
    if (!(await sfu.authorize(socket, space))) await sfu.leave(socket, space);
  });
  ctx.realtime.onShared<{ group: string }>(SFU_RECHECK, ({ group }) => {
    for (const { socket, space } of sfu.inGroup(group)) void recheck(socket, space);
  });

  ctx.realtime.onAnyFrame(
    'sfu_join',
    SfuJoinFrameSchema,
    inOrder(async (socket, { space }) => {
      const grant = await sfu.authorize(socket, space);
      if (!grant) return refuse(socket);
      const joined = await sfu.join(socket, space, grant);
      // Left during the join, before a recheck could find this socket: out again.
      if (joined && !(await sfu.authorize(socket, space))) {
        await sfu.leave(socket, space);
        return refuse(socket);
      }
      // The same ICE servers as 1:1 calls, TURN credentials in the holder's name (a user, or
      // a room's guest): docs/calls.md, "ICE servers and TURN".
      const { iceServers, iceTransportPolicy } = iceServersFor(
        ctx.config.calls,
        subjectOf(socket.identity),
      );
      socket.reply(
        joined
          ? { type: 'sfu_joined', space, ...joined, iceServers, iceTransportPolicy }
          : { type: 'sfu_unavailable', space, iceServers, iceTransportPolicy },
      );
    }),
  );

  ctx.realtime.onAnyFrame(
    'sfu_leave',
    SfuLeaveFrameSchema,
    inOrder(async (socket, { space }) => sfu.leave(socket, space)),
  );

  ctx.realtime.onAnyFrame(
    'sfu_description',
    SfuDescriptionFrameSchema,
    inOrder(async (socket, { space, feed, description }) => {
      const member = await memberOf(socket, space);
      if (!member) return;
      if (feed === null && description.type === 'offer') {
        const answer = await sfu.publish(member, description);
        if (answer)
          socket.reply({ type: 'sfu_description', space, feed: null, description: answer });
      } else if (feed !== null && description.type === 'answer') {
        await sfu.answer(member, feed, description);
      }
    }),
  );

  ctx.realtime.onAnyFrame(
    'sfu_subscribe',
    SfuSubscribeFrameSchema,
    inOrder(async (socket, { space, feed, layer }) => {
      const member = await memberOf(socket, space);
      if (!member) return;
      const offer = await sfu.subscribe(member, feed, layer);
      if (offer) socket.reply({ type: 'sfu_description', space, feed, description: offer });
    }),
  );

  ctx.realtime.onAnyFrame(
    'sfu_layer',
    SfuLayerFrameSchema,
    inOrder(async (socket, { space, feed, layer }) => {
      const member = await memberOf(socket, space);
      if (!member) return;
      await sfu.layer(member, feed, layer);
    }),
  );

  ctx.realtime.onAnyFrame(
    'sfu_candidate',
    SfuCandidateFrameSchema,
    inOrder(async (socket, { space, feed, candidate }) => {
      const member = sfu.member(socket, space);
      if (!member) return refuse(socket);
      await sfu.trickle(member, feed, candidate);
    }),
  );
}
