import { z } from 'zod';

/**
 * RGPD self-service and retention (docs/privacy.md): the data export, the account's erasure,
 * and how long messages and files are kept.
 */

/** An export's zip is kept this long, then purged with its row. */
export const EXPORT_TTL_DAYS = 7;
/** A deletion asked by the person waits this long; signing in meanwhile cancels it. */
export const DELETION_GRACE_DAYS = 7;
/** An account without a password proves itself by a sign-in this recent. */
export const RECENT_SIGN_IN_MINUTES = 10;
/** Longest retention period one can set (ten years). */
export const RETENTION_DAYS_MAX = 3650;
/** The name an erased account's kept messages show. */
export const ERASED_USER_NAME = 'Utilisateur supprimé';

export const EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** GET /api/account/export/{id}: one export as its owner (or an administrator) sees it. */
export interface AccountExport {
  id: string;
  userId: string;
  status: ExportStatus;
  /** 0 to 100. */
  progress: number;
  size: number | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
  /** Where to download the zip once ready (the owner only). */
  downloadUrl: string | null;
}

/** GET /api/account/deletion: whether the account is to be erased, and when. */
export interface AccountDeletion {
  scheduled: boolean;
  eraseAfter: string | null;
}

export const DELETION_PASSWORD_REQUIRED = 'Saisissez votre mot de passe pour confirmer';
export const DELETION_PASSWORD_WRONG = 'Le mot de passe est incorrect';
export const DELETION_RECENT_SIGN_IN = `Reconnectez-vous (il y a moins de ${RECENT_SIGN_IN_MINUTES} minutes) pour confirmer la suppression`;
export const EXPORT_READY_NOTICE = 'Vos données sont prêtes à être téléchargées';
export const DELETION_CANCELLED_NOTICE =
  'Vous vous êtes reconnecté : la suppression de votre compte est annulée';
export const DELETION_LAST_ADMIN =
  'Vous êtes le dernier administrateur : nommez-en un autre avant de supprimer votre compte';
export const EXPORT_NOT_FOUND = 'Export introuvable';
export const EXPORT_NOT_READY = 'L’export n’est pas encore prêt';
export const EXPORT_ALREADY_RUNNING = 'Un export est déjà en cours';
/** One export an account asks for itself per this many hours (an administrator's are apart). */
export const EXPORT_COOLDOWN_HOURS = 24;
export const EXPORT_TOO_SOON = `Un export a déjà été préparé il y a moins de ${EXPORT_COOLDOWN_HOURS} heures : téléchargez celui-ci, ou réessayez plus tard`;

/** DELETE /api/account. */
export const AccountDeletionSchema = z.object({
  password: z.string().max(1024).optional(),
});
export type AccountDeletionInput = z.infer<typeof AccountDeletionSchema>;

/** DELETE /api/admin/users/{id}: now (the default), or after the same grace as the person's. */
export const AdminDeletionSchema = z
  .object({ mode: z.enum(['immediate', 'graced']).default('immediate') })
  .default({ mode: 'immediate' });

const days = z
  .number({ error: 'Un nombre de jours est attendu' })
  .int('Un nombre entier de jours est attendu')
  .min(1, 'Au moins 1 jour')
  .max(RETENTION_DAYS_MAX, `Au plus ${RETENTION_DAYS_MAX} jours`);

/** GET|PUT /api/admin/retention. Null: kept for ever. */
export const RetentionPolicySchema = z.object({
  messageDays: days.nullable(),
  fileDays: days.nullable(),
  channelOverride: z.boolean(),
});
export type RetentionPolicy = z.infer<typeof RetentionPolicySchema>;

/** GET|PUT /api/channels/{id}/retention: the channel's own period (null: the instance's). */
export const ChannelRetentionSchema = z.object({ messageDays: days.nullable() });
export type ChannelRetentionInput = z.infer<typeof ChannelRetentionSchema>;
export interface ChannelRetention {
  messageDays: number | null;
  /** What applies: the shorter of the channel's and the instance's. */
  effectiveDays: number | null;
  instanceDays: number | null;
  allowed: boolean;
}
export const RETENTION_CHANNEL_NOT_ALLOWED =
  'L’instance ne permet pas de régler la conservation par canal';
export const RETENTION_CHANNEL_LONGER = 'La durée d’un canal ne peut dépasser celle de l’instance';
