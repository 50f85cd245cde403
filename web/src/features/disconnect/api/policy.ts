import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisconnectPolicy, DisconnectPolicyInput, DisconnectReport } from '#shared/disconnect';
import { apiGet, apiRequest } from '@/lib/api';

export const POLICY_KEY = ['admin', 'disconnect-policy'] as const;
const reportKey = (month: string) => ['admin', 'disconnect-report', month] as const;

/** GET /api/admin/disconnect-policy (instance administrators). */
export const usePolicy = () =>
  useQuery({
    queryKey: POLICY_KEY,
    queryFn: () => apiGet<DisconnectPolicy>('/api/admin/disconnect-policy'),
  });

/** PUT /api/admin/disconnect-policy: the whole policy (recorded in the audit log). */
export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisconnectPolicyInput) =>
      apiRequest<DisconnectPolicy>('PUT', '/api/admin/disconnect-policy', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(POLICY_KEY, saved);
      // Who is available, and whether urgent sends are offered, follow the policy.
      void queryClient.invalidateQueries({ queryKey: ['disconnect', 'availability'] });
    },
  });
}

/** GET /api/admin/disconnect-report?month=YYYY-MM: counts per channel, never contents. */
export const useReport = (month: string) =>
  useQuery({
    queryKey: reportKey(month),
    queryFn: () =>
      apiGet<DisconnectReport>(`/api/admin/disconnect-report?month=${encodeURIComponent(month)}`),
  });
