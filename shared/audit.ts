import { z } from 'zod';

/**
 * The audit log's actions (issue 48 item 2): every administrative and security-relevant act.
 * A feature that records a new kind adds it here (the column is free text; the list is what
 * the console filters by and names).
 */
export const AUDIT_ACTIONS = [
  'user.deactivated',
  'user.reactivated',
  'user.admin_granted',
  'user.admin_revoked',
  'signup_policy.changed',
  'signup_link.created',
  'signup_link.revoked',
  'settings.changed',
  'password_reset.sent',
  'session.new_device',
  'channel.archived',
  'channel.unarchived',
  'channel.deleted',
  'channel.owner_changed',
  'channel.role_changed',
  'account.export_requested',
  'account.erasure_requested',
  'account.erased',
  'retention.changed',
  'disconnect_policy.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['user', 'channel', 'signup_link', 'instance'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What a feature records (server side: features/audit recordAudit). */
export interface AuditEntryInput {
  action: AuditAction;
  /** Who did it; null for the system (a background job, the command line). */
  actorId: string | null;
  target?: { type: AuditTargetType; id: string; label?: string | null } | undefined;
  /** The client's address (request.ip). */
  address?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
}

/** GET /api/admin/audit: one entry as the console shows it. */
export interface AuditEntry {
  id: string;
  createdAt: string;
  action: string;
  actor: { id: string; name: string | null } | null;
  target: { type: string; id: string | null; label: string | null } | null;
  address: string | null;
  details: Record<string, unknown>;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

export const AUDIT_PAGE = 50;
export const AUDIT_PAGE_MAX = 200;

/** GET /api/admin/audit?cursor=&actor=&action=&limit= */
export const AuditQuerySchema = z.object({
  cursor: z.string().max(200, 'Curseur invalide').optional(),
  actor: z.uuid('Auteur invalide').optional(),
  action: z.enum(AUDIT_ACTIONS, 'Action inconnue').optional(),
  limit: z.coerce
    .number({ error: 'La taille de page doit être un nombre' })
    .int('La taille de page doit être un entier')
    .min(1, 'La taille de page doit être d’au moins 1')
    .max(AUDIT_PAGE_MAX, `La taille de page ne peut pas dépasser ${AUDIT_PAGE_MAX}`)
    .default(AUDIT_PAGE),
});
