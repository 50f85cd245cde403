import { z } from 'zod';

/**
 * POST /api/auth/app-sign-in: the app's one-time code and its PKCE verifier (docs/mobile.md).
 * Apart from session-token.ts, which the entry bundle imports: zod stays out of it.
 */
export const AppSignInSchema = z.object({
  code: z.string().min(1).max(1000),
  verifier: z.string().regex(/^[A-Za-z0-9_~.-]{43,128}$/, 'Vérificateur PKCE invalide'),
});
export type AppSignInInput = z.infer<typeof AppSignInSchema>;
