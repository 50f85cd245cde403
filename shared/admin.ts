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

export const SIGNUP_POLICIES = ['open', 'domains', 'invite'] as const;
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];
export const SIGNUP_DOMAINS_MAX = 50;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * PUT /api/admin/signup-policy (docs/security.md, "Who may sign up"): the console's choice,
 * which replaces SIGNUP and SIGNUP_DOMAINS until an administrator changes it again.
 */
export const SignupPolicyUpdateSchema = z
  .object({
    policy: z.enum(SIGNUP_POLICIES, {
      error: 'La politique d’inscription doit être « open », « domains » ou « invite »',
    }),
    domains: z
      .array(
        z
          .string({ error: 'Un domaine doit être un texte' })
          .trim()
          .toLowerCase()
          .transform((d) => d.replace(/^@/, ''))
          .refine((d) => DOMAIN.test(d), { error: (issue) => `Domaine invalide : ${issue.input}` }),
        { error: 'Les domaines doivent être une liste' },
      )
      .max(SIGNUP_DOMAINS_MAX, `Au plus ${SIGNUP_DOMAINS_MAX} domaines`)
      .default([]),
  })
  .refine((body) => body.policy !== 'domains' || body.domains.length > 0, {
    error: 'Indiquez au moins un domaine pour réserver les inscriptions à des domaines',
    path: ['domains'],
  });
export type SignupPolicyUpdate = z.infer<typeof SignupPolicyUpdateSchema>;

/** GET /api/admin/health: each part of the instance and whether it answers. */
export type HealthState = 'ok' | 'failed' | 'not_configured';

export interface AdminHealthCheck {
  name: 'store' | 'redis' | 's3' | 'janus' | 'smtp';
  state: HealthState;
  /** What was checked, or why it failed (for the administrator). */
  detail: string | null;
}

/** docs/product.md §2.27, « Instance »: the name every client shows (title, sidebar). */
export const INSTANCE_NAME_MAX = 80;
export const INSTANCE_NAME_DEFAULT = 'Ruche';
const INSTANCE_NAME_REQUIRED = 'Le nom de l’instance est requis';

/** A name as the console and INSTANCE_NAME give it: trimmed, 1 to 80 characters. */
export const InstanceNameSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? INSTANCE_NAME_REQUIRED
        : 'Le nom de l’instance doit être un texte',
  })
  .trim()
  .min(1, INSTANCE_NAME_REQUIRED)
  .max(
    INSTANCE_NAME_MAX,
    `Le nom de l’instance ne peut pas dépasser ${INSTANCE_NAME_MAX} caractères`,
  );

/** PUT /api/admin/instance: the settings an administrator changes in « Instance ». */
export const InstanceUpdateSchema = z.strictObject(
  { name: InstanceNameSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Seul le nom de l’instance se modifie ici'
        : 'La requête doit être un objet portant le nom de l’instance',
  },
);
export type InstanceUpdate = z.infer<typeof InstanceUpdateSchema>;

/** Where the instance's name comes from: the console, INSTANCE_NAME, or neither (« Ruche »). */
export type InstanceNameSource = 'console' | 'environment' | 'default';

/** GET /api/instance (anyone signed in) and the `instance_changed` event. */
export interface InstanceInfo {
  name: string;
}

export interface AdminInstance {
  /** The instance's name: the console's choice, else INSTANCE_NAME, else « Ruche ». */
  name: string;
  nameSource: InstanceNameSource;
  signup: SignupPolicy;
  signupDomains: string[];
  /** Where the sign-up policy comes from: the console's choice, or SIGNUP at start-up. */
  signupSource: 'console' | 'environment';
  /** How calls carry media: through Janus (sfu) or between browsers (mesh). */
  mediaMode: 'sfu' | 'mesh';
  mail: boolean;
  auditRetentionDays: number;
  checks: AdminHealthCheck[];
}
