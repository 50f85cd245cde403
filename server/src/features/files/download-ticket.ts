import { DOWNLOAD_LINK_EXPIRED, fileDownloadUrl } from '#shared/files';
import {
  findSessionUser,
  listUserSessions,
  publicSessionId,
  type SessionUser,
} from '../../auth/sessions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import { openClaims, sealClaims } from '../../lib/signed-claims';

/**
 * A download the app hands to the system browser (docs/mobile.md, "Files"): that browser has
 * neither the app's token nor a cookie, so the download path carries a ticket instead. It
 * names one file and the session that asked for it, and lives two minutes; at the download
 * the session must still be live and its user still able to see the file.
 */

const TICKET_TTL_MS = 2 * 60 * 1000;
const PURPOSE = 'file-download';

/** The download path of `fileId` with a ticket of the session `sid` (of `userId`). */
export function ticketedDownloadUrl(
  config: Config,
  fileId: string,
  userId: string,
  sid: string,
): string {
  const claims = { f: fileId, u: userId, s: publicSessionId(sid) };
  const ticket = sealClaims(config.sessionSecret, PURPOSE, claims, TICKET_TTL_MS);
  return `${fileDownloadUrl(fileId)}?ticket=${encodeURIComponent(ticket)}`;
}

/** The user a ticket for `fileId` stands for; 401 if it is not genuine, expired or its session ended. */
export async function ticketHolder(
  db: Db,
  config: Config,
  fileId: string,
  ticket: string,
): Promise<SessionUser> {
  const claims = openClaims(config.sessionSecret, PURPOSE, ticket);
  if (!claims?.u || !claims.s || claims.f !== fileId) throw unauthorized(DOWNLOAD_LINK_EXPIRED);
  const session = (await listUserSessions(db, claims.u)).find((s) => s.id === claims.s);
  const user = session ? await findSessionUser(db, session.sid) : null;
  if (!user) throw unauthorized(DOWNLOAD_LINK_EXPIRED);
  return user;
}
