import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserUpdateInput } from '#shared/users';
import { apiRequest } from '@/lib/api';
import { CURRENT_USER_KEY } from './get-current-user';

/** PATCH /api/auth/user: either { displayName } or { status, statusMessage } (docs/product.md §7). */
export const updateCurrentUser = (input: UserUpdateInput): Promise<User> =>
  apiRequest<User>('PATCH', '/api/auth/user', input);

export function useUpdateCurrentUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}
