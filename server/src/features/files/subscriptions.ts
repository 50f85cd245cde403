import type { FastifyBaseLogger } from 'fastify';
import { fileIdOfUrl } from '#shared/files';
import type { AppContext } from '../../context';
import type { Deps } from '../deps';
import { deleteMessageFiles, linkAttachments } from './service';
import type { FileStorage } from './storage';

/**
 * The files feature's side of other features' changes (docs/files.md), off their paths:
 * a sent message claims the files it carries; a deleted message, or a deleted channel,
 * takes its files' bytes with it.
 */
export function subscribeFiles(
  ctx: Pick<AppContext, 'db' | 'realtime' | 'events'>,
  log: FastifyBaseLogger,
  storage: FileStorage,
): void {
  const deps: Deps = { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log };
  ctx.events.on('messageCreated', ({ message }) => {
    const ids = message.attachments.flatMap((a) => {
      const id = fileIdOfUrl(a.url);
      return id && id === a.id ? [id.toLowerCase()] : [];
    });
    return linkAttachments(deps, message, ids);
  });
  ctx.events.on('messageDeleted', ({ channelId, messageId }) =>
    deleteMessageFiles(deps, storage, channelId, messageId),
  );
  // The rows went with the channel (foreign key); the bytes are under its prefix.
  ctx.events.on('channelDeleted', ({ channelId }) => storage.removePrefix(channelId));
}
