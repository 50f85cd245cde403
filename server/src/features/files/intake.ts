import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  FILE_DESCRIPTION_MAX,
  FILE_TOO_LARGE,
  type FileUploadFields,
  FileUploadFieldsSchema,
} from '#shared/files';
import { FILE_SIZE_LIMIT } from '#shared/limits';
import { badRequest, HttpError, parse } from '../../lib/errors';
import { safeOriginalName } from './names';
import type { UploadRoom } from './quota';

/** An upload received whole into a temporary file, not yet checked. */
export interface ReceivedUpload {
  tempPath: string;
  size: number;
  originalName: string;
  fields: FileUploadFields;
}

const ONE_FILE = 'Un seul fichier par envoi : envoyez les fichiers un par un';
const FILE_MISSING = 'Choisissez un fichier à envoyer';
/**
 * What a form may hold besides the file's bytes: boundaries, part headers (a long name),
 * the description. A declared length past the room by more than this cannot fit.
 */
const FORM_OVERHEAD_MAX = 64 * 1024;

/**
 * Reads the multipart form (docs/product.md §7: `file`, optional `description`) into a
 * temporary file under `tempDir`, counting as it goes: past FILE_SIZE_LIMIT, or past the
 * room the quotas leave (docs/files.md, "Quotas"), busboy stops at the first extra byte, and
 * the file and every byte of it are dropped (413, or 507 for the instance's room). A form
 * whose declared length already cannot fit is refused before a byte is read. Whatever goes
 * wrong, no temporary file is left behind; on success the caller owns `tempPath`.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempDir: string,
  room: UploadRoom | null,
): Promise<ReceivedUpload> {
  const quotaBinds = room !== null && room.bytes < FILE_SIZE_LIMIT;
  const limit = quotaBinds ? Math.max(room.bytes, 0) : FILE_SIZE_LIMIT;
  const tooLarge = quotaBinds ? room.error : new HttpError(413, FILE_TOO_LARGE);
  const declared = Number(request.headers['content-length']);
  if (limit === 0 || declared - FORM_OVERHEAD_MAX > limit) throw tooLarge;
  await mkdir(tempDir, { recursive: true });
  let tempPath: string | null = null;
  try {
    const raw: Record<string, string> = {};
    let received: Omit<ReceivedUpload, 'fields'> | null = null;
    const parts = request.parts({
      limits: {
        fileSize: limit,
        // docs/files.md: one file per request (each has its own progress bar); a second one
        // is refused rather than silently dropped.
        files: 1,
        fields: 4,
        fieldSize: FILE_DESCRIPTION_MAX * 4 + 16,
        parts: 5,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        throw badRequest(ONE_FILE);
      }
      tempPath = path.join(tempDir, randomUUID());
      await pipeline(part.file, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) throw tooLarge;
      received = {
        tempPath,
        size: part.file.bytesRead,
        originalName: safeOriginalName(part.filename),
      };
    }
    if (!received) throw badRequest(FILE_MISSING);
    return { ...received, fields: parse(FileUploadFieldsSchema, raw) };
  } catch (err) {
    if (tempPath) await rm(tempPath, { force: true });
    throw uploadError(err, tooLarge);
  }
}

/** The multipart plugin's own errors, in the words of docs/files.md. */
function uploadError(err: unknown, tooLarge: HttpError): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest(ONE_FILE);
  if (code === 'FST_FIELDS_LIMIT') return badRequest('Trop de champs dans le formulaire');
  return err;
}
