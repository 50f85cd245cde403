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
import { refuseBeyondLimit } from './mesh-limit';
import { registerVoiceRealtime } from './realtime';
import {
  inVoice,
  joinVoice,
  leaveVoice,
  listVoice,
  requireVoiceMember,
  updateVoice,
  voiceGroup,
} from './service';
import { subscribeVoice } from './subscriptions';

type ById = { Params: { id: string } };

export function registerVoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerVoiceRealtime(ctx.realtime, ctx.db);
  subscribeVoice(ctx, app.log);
  // The SFU space `voice:<channelId>`: a user who is in the channel's voice, audio only.
  sfuOf(ctx).space('voice', async (identity, channelId) =>
    identity.kind === 'user' && (await inVoice(ctx.db, channelId, identity.userId))
      ? { group: voiceGroup(channelId), display: identity.userId, audioOnly: true }
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

  app.patch<ById>('/api/voice-channel-participants/:id', async (request) => {
    const user = requireUser(request);
    const id = idParam(request.params.id, VOICE_PARTICIPANT_NOT_FOUND);
    const patch = parse(VoiceParticipantUpdateSchema, request.body);
    return updateVoice(ctx.db, id, user.id, patch);
  });
}
