import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletion, AccountDeletionInput, AccountExport } from '#shared/privacy';
import { apiGet, apiRequest } from '@/lib/api';
import { useSocketEvent } from '@/lib/socket-context';

export const ACCOUNT_EXPORTS_KEY = ['/api/account/exports'] as const;

const inProgress = (list: AccountExport[] | undefined) =>
  list?.some((e) => e.status === 'pending' || e.status === 'running') ?? false;

/**
 * GET /api/account/exports: the account's exports still kept, newest first (docs/privacy.md).
 * Their progress arrives live (account_export_updated); while one is being made the list is
 * also read again every few seconds, in case the socket is away.
 */
export function useAccountExports() {
  const queryClient = useQueryClient();
  useSocketEvent('account_export_updated', ({ export: updated }) => {
    queryClient.setQueryData<AccountExport[]>(ACCOUNT_EXPORTS_KEY, (list) => {
      if (!list) return list;
      const known = list.some((e) => e.id === updated.id);
      return known ? list.map((e) => (e.id === updated.id ? updated : e)) : [updated, ...list];
    });
  });
  return useQuery(
    queryOptions({
      queryKey: ACCOUNT_EXPORTS_KEY,
      queryFn: () => apiGet<AccountExport[]>('/api/account/exports'),
      refetchInterval: (query) => (inProgress(query.state.data) ? 5000 : false),
    }),
  );
}

/** POST /api/account/export: start one (or get the one being made). */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AccountExport>('POST', '/api/account/export'),
    onSuccess: (made) =>
      queryClient.setQueryData<AccountExport[]>(ACCOUNT_EXPORTS_KEY, (list) => [
        made,
        ...(list ?? []).filter((e) => e.id !== made.id),
      ]),
  });
}

/** DELETE /api/account: the erasure after 7 days of grace; the account is signed out. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: AccountDeletionInput) =>
      apiRequest<AccountDeletion>('DELETE', '/api/account', input),
  });
