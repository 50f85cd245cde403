import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';

const EmailSchema = z
  .string({ error: "L'adresse e-mail est requise" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'Adresse e-mail trop longue')
  .pipe(z.email("L'adresse e-mail n'est pas valide"));

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Le mot de passe est requis' }).min(1, 'Le mot de passe est requis'),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const SignUpSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Le mot de passe est requis' })
    .min(PASSWORD_MIN, `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`)
    .max(PASSWORD_MAX, `Le mot de passe doit contenir au plus ${PASSWORD_MAX} caractères`),
  firstName: z.string().trim().max(100, 'Maximum 100 caractères').optional(),
  lastName: z.string().trim().max(100, 'Maximum 100 caractères').optional(),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

/** What GET /api/auth/providers tells the sign-in page. */
export interface AuthProviders {
  local: boolean;
  oidc: boolean;
}

/** Error body of every failed API call: a French message, and field errors on 400. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}
