import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CUSTOM_EMOJI_BYTES_MAX,
  CUSTOM_EMOJI_IMAGE_MISSING,
  CUSTOM_EMOJI_NOT_FOUND,
  CUSTOM_EMOJI_TAKEN,
  CUSTOM_EMOJI_TOO_LARGE,
  type CustomEmoji,
  CustomEmojiNameSchema,
} from '#shared/emoji';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { badRequest, conflict, HttpError, parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { depsFor } from '../deps';
import { createFileStorage } from '../files/storage';
import { prepareEmojiImage } from './image';
import { registerEmojiRealtime } from './realtime';
import { createEmoji, deleteEmoji, emojiNameTaken, listEmoji, openEmojiImage } from './service';

/** Boundaries, part headers and the name: what a form holds besides the image. */
const FORM_OVERHEAD_MAX = 16 * 1024;
const tooLarge = () => new HttpError(413, CUSTOM_EMOJI_TOO_LARGE);

/**
 * Custom emoji (docs/product.md, "Émojis personnalisés"): anyone signed in lists, adds and
 * sees them; their author or an administrator deletes them. Images are kept in the files
 * storage (local disk or S3) and served under an immutable URL.
 */
export function registerEmojiRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEmojiRealtime(ctx.realtime);
  const storage = createFileStorage(ctx.config);

  app.get('/api/emoji', async (request): Promise<CustomEmoji[]> => {
    requireUser(request);
    return listEmoji(ctx.db);
  });

  app.delete<{ Params: { name: string } }>('/api/emoji/:name', async (request, reply) => {
    const user = requireUser(request);
    const name = CustomEmojiNameSchema.safeParse(request.params.name);
    if (!name.success) throw new HttpError(404, CUSTOM_EMOJI_NOT_FOUND);
    await deleteEmoji(depsFor(ctx, request), storage, user, name.data);
    return reply.status(204).send();
  });

  // A new image is a new id: the URL never changes what it shows.
  app.get<{ Params: { id: string } }>(
    '/api/emoji/images/:id',
    { compress: false },
    async (request, reply) => {
      requireUser(request);
      const id = idParam(request.params.id, CUSTOM_EMOJI_NOT_FOUND);
      const { body, contentType } = await openEmojiImage(ctx.db, storage, id);
      reply.raw.removeHeader('Content-Security-Policy');
      return reply
        .header('Content-Type', contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(body);
    },
  );

  app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    const rateLimit = {
      max: ctx.config.files.uploadsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `emoji:${request.user?.id ?? request.ip}`,
    };
    scope.post('/api/emoji', { config: { rateLimit } }, async (request, reply) => {
      const user = requireUser(request);
      const form = await receiveEmojiForm(request);
      const name = parse(CustomEmojiNameSchema, form.name);
      if (!form.image) throw badRequest(CUSTOM_EMOJI_IMAGE_MISSING);
      if (await emojiNameTaken(ctx.db, name)) throw conflict(CUSTOM_EMOJI_TAKEN);
      const image = await prepareEmojiImage(form.image);
      const emoji = await createEmoji(depsFor(ctx, request), storage, user, name, image);
      return reply.status(201).send(emoji);
    });
  });
}

/** The form: `name` and one `image` (or `file`) of at most 256 KB, read into memory. */
async function receiveEmojiForm(
  request: FastifyRequest,
): Promise<{ name: unknown; image: Buffer | undefined }> {
  const declared = Number(request.headers['content-length']);
  if (declared - FORM_OVERHEAD_MAX > CUSTOM_EMOJI_BYTES_MAX) throw tooLarge();
  if (!request.isMultipart()) throw badRequest(CUSTOM_EMOJI_IMAGE_MISSING);
  let name: unknown;
  let image: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: CUSTOM_EMOJI_BYTES_MAX, files: 1, fields: 2, parts: 3 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'name') name = part.value;
        continue;
      }
      if (part.fieldname !== 'image' && part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw badRequest(CUSTOM_EMOJI_IMAGE_MISSING);
    }
    throw err;
  }
  return { name, image };
}
