import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FILE_NOT_FOUND,
  type FileDownloadLink,
  type InstanceStorage,
  isRasterImage,
  type StorageUsage,
} from '#shared/files';
import { requireAdmin, requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { CHANNEL_NOT_FOUND, requireMember } from '../channels/access';
import { depsFor } from '../deps';
import { ticketedDownloadUrl, ticketHolder } from './download-ticket';
import { startDraftPurge } from './drafts';
import { receiveUpload } from './intake';
import { contentDisposition } from './names';
import type { FileRow } from './presenter';
import { instanceStorage, storageUsageOf, uploadRoom } from './quota';
import { deleteFile, findFileFor, listChannelFiles, openFile, storeUpload } from './service';
import { createFileStorage, type FileStorage, uploadTempDir } from './storage';
import { subscribeFiles } from './subscriptions';

type ById = { Params: { id: string } };

/**
 * The files feature (docs/files.md): upload, list, download (and the app's ticketed link to
 * it), thumbnail, delete, and the domain-event subscriptions that delete a message's files
 * with it. Its routes live in their own scope, the only one that parses multipart bodies.
 */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const storage = createFileStorage(ctx.config);
  subscribeFiles(ctx, app.log, storage);
  // docs/files.md, "Drafts": composer uploads never sent go after a day.
  const stopPurge = startDraftPurge(ctx.db, storage, app.log, ctx.config.files);
  app.addHook('onClose', async () => stopPurge());
  // docs/files.md, "Quotas": the instance's total and the accounts that take the most.
  app.get('/api/admin/storage', async (request): Promise<InstanceStorage> => {
    requireAdmin(request);
    return instanceStorage(ctx.db, ctx.config.files);
  });
  app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    registerScoped(scope, ctx, storage);
  });
}

function registerScoped(app: FastifyInstance, ctx: AppContext, storage: FileStorage): void {
  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);
  const fileId = (params: { id: string }) => idParam(params.id, FILE_NOT_FOUND);
  const tempDir = uploadTempDir(ctx.config);
  const rateLimit = {
    max: ctx.config.files.uploadsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `upload:${request.user?.id ?? request.ip}`,
  };

  app.post<ById>(
    '/api/channels/:id/files/upload',
    { config: { rateLimit } },
    async (request, reply) => {
      const user = requireUser(request);
      const id = channelId(request.params);
      await requireMember(ctx.db, id, user.id);
      // docs/files.md, "Quotas": the room left bounds what is read, before a byte is stored.
      const room = await uploadRoom(ctx.db, ctx.config.files, user.id);
      const upload = await receiveUpload(request, tempDir, room);
      const deps = { ...depsFor(ctx, request), quotas: ctx.config.files };
      const file = await storeUpload(deps, storage, user.id, id, upload);
      return reply.status(201).send(file);
    },
  );

  app.get('/api/me/storage', async (request): Promise<StorageUsage> => {
    const user = requireUser(request);
    return storageUsageOf(ctx.db, ctx.config.files, user.id);
  });

  app.get<ById>('/api/channels/:id/files', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    return listChannelFiles(ctx.db, id);
  });

  // For the app's system browser, which has no session (docs/mobile.md, "Files").
  app.post<ById>('/api/files/:id/download-link', async (request): Promise<FileDownloadLink> => {
    const user = requireUser(request);
    const id = fileId(request.params);
    await findFileFor(ctx.db, user.id, id);
    if (!request.sessionId) throw unauthorized();
    return { url: ticketedDownloadUrl(ctx.config, id, user.id, request.sessionId) };
  });

  // Streamed as stored: no compression (a download keeps its length and its progress).
  // Signed in, or with a ticket from the route above.
  app.get<ById & { Querystring: { ticket?: unknown } }>(
    '/api/files/:id/download',
    { compress: false },
    async (request, reply) => {
      const id = fileId(request.params);
      const { ticket } = request.query;
      const user =
        request.user === null && typeof ticket === 'string'
          ? await ticketHolder(ctx.db, ctx.config, id, ticket)
          : requireUser(request);
      const { file } = await findFileFor(ctx.db, user.id, id);
      const body = await openFile(storage, file.filename);
      return sendStored(reply, body, file, isRasterImage(file.mimeType) ? 'inline' : 'attachment');
    },
  );

  app.get<ById>('/api/files/:id/thumbnail', { compress: false }, async (request, reply) => {
    const user = requireUser(request);
    const { file } = await findFileFor(ctx.db, user.id, fileId(request.params));
    const body = await openFile(storage, file.thumbnail);
    return sendStored(reply, body, { ...file, mimeType: 'image/webp', size: null }, 'inline');
  });

  app.delete<ById>('/api/files/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteFile(depsFor(ctx, request), storage, user.id, fileId(request.params));
    return reply.status(204).send();
  });
}

/**
 * docs/files.md: the type read from the bytes, never sniffed again by the browser; shown in
 * the page only for raster images, downloaded otherwise; and even opened on its own, the
 * response runs nothing (CSP sandbox).
 */
function sendStored(
  reply: FastifyReply,
  body: NodeJS.ReadableStream,
  file: Pick<FileRow, 'originalName' | 'mimeType'> & { size: number | null },
  disposition: 'inline' | 'attachment',
) {
  reply.raw.removeHeader('Content-Security-Policy');
  reply
    .header('Content-Type', file.mimeType)
    .header('Content-Disposition', contentDisposition(disposition, file.originalName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-store');
  if (file.size !== null) reply.header('Content-Length', String(file.size));
  return reply.send(body);
}
