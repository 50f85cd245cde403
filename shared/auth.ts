import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';

const EmailSchema = z
  .string({ error: 'L’adresse e-mail est requise' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'Adresse e-mail trop longue')
  .pipe(z.email('L’adresse e-mail n’est pas valide'));

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Le mot de passe est requis' }).min(1, 'Le mot de passe est requis'),
});
export type SignInInput = z.infer<typeof SignInSchema>;

const NewPasswordSchema = z
  .string({ error: 'Le mot de passe est requis' })
  .min(PASSWORD_MIN, `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`)
  .max(PASSWORD_MAX, `Le mot de passe doit contenir au plus ${PASSWORD_MAX} caractères`);

export const SignUpSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  /** The token of an administrator's sign-up link (SIGNUP=invite). */
  inviteToken: z.string().max(100).optional(),
  firstName: z.string().trim().max(100, 'Maximum 100 caractères').optional(),
  lastName: z.string().trim().max(100, 'Maximum 100 caractères').optional(),
  /** The page to open once the account is open (an invite link, a permalink): see next-path.ts. */
  next: z.string().max(2000).optional(),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

/** What GET /api/auth/providers tells the sign-in page. */
export interface AuthProviders {
  local: boolean;
  oidc: boolean;
  /** Signed in, with a provider configured: whether the account is linked to it. */
  oidcLinked?: boolean;
  /** Signed in: whether the account has a password (local accounts) it can change. */
  hasPassword?: boolean;
  /** Signed in: whether the account administers the workspace. */
  isAdmin?: boolean;
  /** Who may create an account (SIGNUP). */
  signup: 'open' | 'domains' | 'invite';
  /** Whether mail is configured: sign-ups confirm their address, passwords can be reset. */
  mail: boolean;
}

/** A workspace sign-up link, as the administration card lists it; `url` only at creation. */
export interface WorkspaceInvite {
  id: string;
  expiresAt: string;
  maxUses: number;
  usesCount: number;
  createdAt: string;
  url?: string;
}

export const WorkspaceInviteCreateSchema = z.object({
  expiresInDays: z.coerce
    .number({ error: 'La durée doit être un nombre de jours' })
    .int('La durée doit être un nombre entier de jours')
    .min(1, 'Au moins 1 jour')
    .max(90, 'Au plus 90 jours')
    .default(7),
  maxUses: z.coerce
    .number({ error: 'Le nombre d’utilisations doit être un nombre' })
    .int('Le nombre d’utilisations doit être entier')
    .min(1, 'Au moins 1 utilisation')
    .max(1000, 'Au plus 1000 utilisations')
    .default(25),
});
export type WorkspaceInviteCreateInput = z.input<typeof WorkspaceInviteCreateSchema>;

/** POST /api/auth/password-reset */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });

/** POST /api/auth/password-reset/confirm */
export const PasswordResetConfirmSchema = z.object({
  token: z.string({ error: 'Le lien est incomplet' }).min(1, 'Le lien est incomplet').max(100),
  newPassword: NewPasswordSchema,
});
export type PasswordResetConfirmInput = z.infer<typeof PasswordResetConfirmSchema>;

/** Error body of every failed API call: a French message, and field errors on 400. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** POST /api/auth/password: the current password, and the new one (checked for strength). */
export const PasswordChangeSchema = z.object({
  currentPassword: z
    .string({ error: 'Le mot de passe actuel est requis' })
    .min(1, 'Le mot de passe actuel est requis')
    .max(PASSWORD_MAX, 'Le mot de passe actuel est incorrect'),
  newPassword: NewPasswordSchema,
});
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;

/** An item of GET /api/auth/sessions: one signed-in browser or device of the caller. */
export interface SessionInfo {
  id: string;
  /** "Chrome sur Linux", from the user agent; null when the client sent none. */
  device: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}
