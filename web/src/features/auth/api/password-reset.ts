import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirmInput } from '#shared/auth';
import { apiRequest } from '@/lib/api';

/** POST /api/auth/password-reset: answers alike whether or not the address has an account. */
export const requestPasswordReset = (email: string): Promise<{ message: string }> =>
  apiRequest('POST', '/api/auth/password-reset', { email });

/** POST /api/auth/password-reset/confirm: the link's token and the new password. */
export const confirmPasswordReset = (input: PasswordResetConfirmInput): Promise<void> =>
  apiRequest('POST', '/api/auth/password-reset/confirm', input);

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { allow401: true } });
export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: confirmPasswordReset, meta: { allow401: true } });
