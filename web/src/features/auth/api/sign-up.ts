import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '#shared/auth';
import type { User } from '#shared/users';
import { apiRequest } from '@/lib/api';

export const signUp = (input: SignUpInput): Promise<User> =>
  apiRequest<User>('POST', '/api/auth/register', input);

export const useSignUp = () => useMutation({ mutationFn: signUp, meta: { allow401: true } });
