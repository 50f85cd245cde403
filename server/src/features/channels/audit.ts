import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/audit';
import type { Db, Tx } from '../../db/client';
import { recordAudit } from '../audit';
import type { channels } from './schema';

/** Who acts on a channel, as the audit log records them. */
export interface ActingUser {
  id: string;
  /** The client's address (request.ip). */
  address: string | null;
}

/** The signed-in caller of a request, as an actor of the audit log. */
export const actingUser = (request: FastifyRequest, user: { id: string }): ActingUser => ({
  id: user.id,
  address: request.ip,
});

/** Record an act on a channel in the audit log, in the act's own transaction. */
export async function auditChannel(
  tx: Db | Tx,
  actor: ActingUser,
  action: Extract<AuditAction, `channel.${string}`>,
  channel: Pick<typeof channels.$inferSelect, 'id' | 'name'>,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    action,
    actorId: actor.id,
    target: { type: 'channel', id: channel.id, label: channel.name },
    address: actor.address,
    details,
  });
}
