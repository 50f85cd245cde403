import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '#shared/auth';
import { apiGet } from '@/lib/api';

export const getAuthProviders = (): Promise<AuthProviders> =>
  apiGet<AuthProviders>('/api/auth/providers');

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/providers'], queryFn: getAuthProviders });

export const useAuthProviders = () => useQuery(authProvidersQueryOptions());
