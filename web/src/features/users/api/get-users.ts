import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/users';
import { apiGet } from '@/lib/api';

export const USERS_KEY = ['/api/users'] as const;

export const getUsers = (): Promise<User[]> => apiGet<User[]>('/api/users');

export const usersQueryOptions = () => queryOptions({ queryKey: USERS_KEY, queryFn: getUsers });

/** docs/product.md §7: fetched only while a dialog that needs it is open. */
export const useUsers = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...usersQueryOptions(), enabled });
