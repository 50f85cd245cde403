import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '#shared/auth';
import type { User } from '#shared/users';
import { apiRequest } from '@/lib/api';

/** With mail configured, the account opens only once its address is confirmed. */
export interface VerificationSent {
  verificationSent: true;
  message: string;
}

export const signUp = (input: SignUpInput): Promise<User | VerificationSent> =>
  apiRequest<User | VerificationSent>('POST', '/api/auth/register', input);

export const useSignUp = () => useMutation({ mutationFn: signUp, meta: { allow401: true } });
