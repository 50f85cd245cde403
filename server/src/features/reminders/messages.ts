import type { Message } from '#shared/messages';
import type { Db } from '../../db/client';
import { findPresentedMessage } from '../messages/queries';

/** The messages reminders are about, as the messages feature presents them; those gone are left out. */
export async function presentedMessages(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Message>> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => findPresentedMessage(db, id)));
  return new Map(found.flatMap((m) => (m ? [[m.id, m] as const] : [])));
}
