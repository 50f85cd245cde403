import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestSettings, DigestSettingsInput } from '#shared/digest';
import { apiGet, apiRequest } from '@/lib/api';

export const DIGEST_SETTINGS_KEY = ['/api/digest/settings'] as const;

/** GET /api/digest/settings: on or off, the delay, the period, and whether mail is possible. */
export const useDigestSettings = () =>
  useQuery({
    queryKey: DIGEST_SETTINGS_KEY,
    queryFn: () => apiGet<DigestSettings>('/api/digest/settings'),
  });

/** PUT /api/digest/settings: the three of them. */
export function useSaveDigestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DigestSettingsInput) =>
      apiRequest<DigestSettings>('PUT', '/api/digest/settings', input),
    onSuccess: (saved) => queryClient.setQueryData(DIGEST_SETTINGS_KEY, saved),
  });
}
