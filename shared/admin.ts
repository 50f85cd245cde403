import { z } from 'zod';
import { DISPLAY_NAME_MAX } from './limits';

/** GET /api/admin/users: one account as the administration console lists it. */
export interface AdminUser {
  id: string;
  name: string | null;
  email: string | null;
  isAdmin: boolean;
  /** When an administrator deactivated the account; null when active. */
  deactivatedAt: string | null;
  /** The last use of any of its sessions (recorded every quarter of an hour at most). */
  lastActivityAt: string | null;
  /** Bytes its files take (files and thumbnails). */
  storageUsed: number;
  createdAt: string;
}

export interface AdminUserPage {
  users: AdminUser[];
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}

export const ADMIN_USERS_PAGE = 50;

/** GET /api/admin/users?q=&cursor=&limit= : every account (deactivated ones too), by name. */
export const AdminUserQuerySchema = z.object({
  q: z.string().trim().max(DISPLAY_NAME_MAX, 'Recherche trop longue').optional(),
  cursor: z.string().max(600, 'Curseur invalide').optional(),
  limit: z.coerce
    .number({ error: 'La taille de page doit être un nombre' })
    .int('La taille de page doit être un entier')
    .min(1, 'La taille de page doit être d’au moins 1')
    .max(100, 'La taille de page ne peut pas dépasser 100')
    .default(ADMIN_USERS_PAGE),
});

/** PUT /api/admin/users/{id}/admin */
export const AdminRoleSchema = z.object({
  isAdmin: z.boolean({ error: 'Indiquez si le compte administre l’espace de travail' }),
});

export const LAST_ADMIN_MESSAGE =
  'Le dernier administrateur actif ne peut être ni retiré ni désactivé : nommez d’abord un autre administrateur';

/** GET /api/admin/health: each part of the instance and whether it answers. */
export type HealthState = 'ok' | 'failed' | 'not_configured';

export interface AdminHealthCheck {
  name: 'store' | 'redis' | 's3' | 'janus' | 'smtp';
  state: HealthState;
  /** What was checked, or why it failed (for the administrator). */
  detail: string | null;
}

export interface AdminInstance {
  /** The instance's name (its public address when no name is set). */
  name: string;
  signup: 'open' | 'domains' | 'invite';
  signupDomains: string[];
  /** How calls carry media: through Janus (sfu) or between browsers (mesh). */
  mediaMode: 'sfu' | 'mesh';
  mail: boolean;
  auditRetentionDays: number;
  checks: AdminHealthCheck[];
}
