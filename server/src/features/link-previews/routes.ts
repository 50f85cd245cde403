import type { FastifyInstance } from 'fastify';
import {
  type ChannelLinkPreviews,
  ChannelLinkPreviewsSchema,
  LINK_PREVIEW_NOT_FOUND,
  LINK_PREVIEWS_CHANNEL_FORBIDDEN,
} from '#shared/link-previews';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { forbidden, notFound, parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { CHANNEL_NOT_FOUND, requireMember } from '../channels/access';
import { canModerateChannel } from '../channels/roles';
import { channelTopic } from '../channels/topics';
import { depsFor } from '../deps';
import { provideLinkPreviews } from '../messages/link-previews-column';
import { MESSAGE_NOT_FOUND } from '../messages/queries';
import { previewsColumn } from './presenter';
import { systemResolve } from './safe-fetch';
import {
  channelAllowsPreviews,
  findPreviewImage,
  LinkPreviews,
  removePreview,
  setChannelPreviews,
} from './service';
import { userAgent } from './user-agent';

type ById = { Params: { id: string } };

/**
 * Link previews (docs/product.md, « Aperçus de liens »): read after each send and edit (domain
 * events, off the send path), shown with their message (its `previews` column), removed by the
 * message's author, turned off for the instance (LINK_PREVIEWS=off) or by a channel's
 * administrators.
 */
export function registerLinkPreviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  provideLinkPreviews(previewsColumn);
  const { enabled, network } = ctx.config.linkPreviews;
  if (enabled) {
    const previews = new LinkPreviews(
      { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log },
      {
        network: { resolve: network?.resolve ?? systemResolve, route: network?.route },
        userAgent: userAgent(ctx.config.publicUrl),
        ownOrigin: ctx.config.publicUrl ? new URL(ctx.config.publicUrl).origin : undefined,
      },
    );
    ctx.events.on('messageCreated', ({ message }) => previews.update(message, false));
    ctx.events.on('messageUpdated', ({ message }) => previews.update(message, true));
  }

  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);

  app.delete<{ Params: { id: string; previewId: string } }>(
    '/api/messages/:id/previews/:previewId',
    async (request, reply) => {
      const user = requireUser(request);
      const messageId = idParam(request.params.id, MESSAGE_NOT_FOUND);
      const previewId = idParam(request.params.previewId, LINK_PREVIEW_NOT_FOUND);
      await removePreview(depsFor(ctx, request), messageId, previewId, user.id);
      return reply.status(204).send();
    },
  );

  app.get<ById>('/api/link-previews/:id/image', async (request, reply) => {
    const user = requireUser(request);
    const previewId = idParam(request.params.id, LINK_PREVIEW_NOT_FOUND);
    const image = await findPreviewImage(ctx.db, previewId, user.id);
    if (!image) throw notFound(LINK_PREVIEW_NOT_FOUND);
    // The address carries the image's version (?v=): a new thumbnail is a new address.
    return reply
      .header('Content-Type', image.type)
      .header('Cache-Control', 'private, max-age=604800, immutable')
      .send(image.bytes);
  });

  const channelSetting = async (id: string, userId: string): Promise<ChannelLinkPreviews> => ({
    enabled: await channelAllowsPreviews(ctx.db, id),
    instanceEnabled: enabled,
    canManage: await canModerateChannel(ctx.db, id, userId),
  });

  app.get<ById>('/api/channels/:id/link-previews', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    return channelSetting(id, user.id);
  });

  app.put<ById>('/api/channels/:id/link-previews', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    if (!(await canModerateChannel(ctx.db, id, user.id))) {
      throw forbidden(LINK_PREVIEWS_CHANNEL_FORBIDDEN);
    }
    const input = parse(ChannelLinkPreviewsSchema, request.body);
    await setChannelPreviews(ctx.db, id, input.enabled);
    // Every member's open view shows or hides the cards at once.
    await ctx.realtime.toTopic(channelTopic(id), {
      type: 'channel_link_previews_changed',
      channelId: id,
      enabled: input.enabled,
    });
    return channelSetting(id, user.id);
  });
}
