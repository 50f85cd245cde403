import type { FastifyInstance } from 'fastify';
import {
  VOICE_NOT_FOUND,
  VOICE_PARTICIPANT_NOT_FOUND,
  VoiceParticipantUpdateSchema,
} from '#shared/voice';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { depsFor } from '../deps';
import { mediaModeOf } from '../sfu/mode';
import { sfuOf } from '../sfu/routes';
import { VoiceSeats } from './live';
import { refuseBeyondLimit } from './mesh-limit';
import { registerVoiceRealtime, registerVoiceSeats } from './realtime';
import {
  inVoice,
  joinVoice,
  leaveVoice,
  listMyVoice,
  listVoice,
  requireVoiceMember,
  updateVoice,
  voiceGroup,
} from './service';
import { subscribeVoice } from './subscriptions';

type ById = { Params: { id: string } };

const seatsOfApp = new WeakMap<FastifyInstance, VoiceSeats>();
/** The node's socket-held voice seats (tests: a node that "dies"). */
export const voiceSeatsOf = (app: FastifyInstance): VoiceSeats | undefined => seatsOfApp.get(app);

export function registerVoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerVoiceRealtime(ctx.realtime, ctx.db);
  subscribeVoice(ctx, app.log);
  const log = app.log.child({ feature: 'voice' });
  const seats = new VoiceSeats({ db: ctx.db, realtime: ctx.realtime, events: ctx.events, log });
  seatsOfApp.set(app, seats);
  registerVoiceSeats(ctx.realtime, seats.deps, seats, (id, userId) =>
    refuseBeyondLimit(ctx.db, id, userId, mediaModeOf(ctx.config).participantLimit),
  );
  seats.start();
  app.addHook('onClose', async () => seats.stop());
  // The SFU space `voice:<channelId>`: a user who is in the channel's voice, audio only.
  sfuOf(ctx).space('voice', async (identity, channelId) =>
    identity.kind === 'user' && (await inVoice(ctx.db, channelId, identity.userId))
      ? { group: voiceGroup(channelId), display: identity.userId, screenOnly: true }
      : null,
  );
  const channelId = (params: { id: string }) => idParam(params.id, VOICE_NOT_FOUND);

  app.post<ById>('/api/voice-channels/:id/join', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireVoiceMember(ctx.db, id, user.id);
    await refuseBeyondLimit(ctx.db, id, user.id, mediaModeOf(ctx.config).participantLimit);
    return joinVoice(depsFor(ctx, request), id, user.id);
  });

  app.post<ById>('/api/voice-channels/:id/leave', async (request, reply) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireVoiceMember(ctx.db, id, user.id);
    await leaveVoice(depsFor(ctx, request), id, user.id);
    return reply.status(204).send();
  });

  /** docs/product.md §7.2: polled every 3 s; members see who is in without joining. */
  app.get<ById>('/api/voice-channels/:id/participants', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireVoiceMember(ctx.db, id, user.id);
    return listVoice(depsFor(ctx, request), id, user.id);
  });

  /** Who is in voice in every channel of the caller's: the sidebar's lists, live by events after. */
  app.get('/api/voice-participants', async (request) => {
    const user = requireUser(request);
    return listMyVoice(ctx.db, user.id);
  });

  app.patch<ById>('/api/voice-channel-participants/:id', async (request) => {
    const user = requireUser(request);
    const id = idParam(request.params.id, VOICE_PARTICIPANT_NOT_FOUND);
    const patch = parse(VoiceParticipantUpdateSchema, request.body);
    return updateVoice(depsFor(ctx, request), id, user.id, patch);
  });
}
