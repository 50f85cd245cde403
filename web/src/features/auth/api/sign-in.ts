import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '#shared/auth';
import type { User } from '#shared/users';
import { apiRequest } from '@/lib/api';

export const signIn = (input: SignInInput): Promise<User> =>
  apiRequest<User>('POST', '/api/auth/login', input);

/** A wrong password answers 401: that is a form error here, not an expired session. */
export const useSignIn = () => useMutation({ mutationFn: signIn, meta: { allow401: true } });
