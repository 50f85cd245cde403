import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InstanceInfo } from '#shared/admin';
import { apiGet } from '@/lib/api';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';

const INSTANCE_KEY = ['/api/instance'] as const;

/**
 * The instance's name (docs/product.md §2.27, « Instance »), shown in the tab's title and at
 * the top of the sidebar: « Ruche » until the server has answered, or while none is set.
 */
export function useInstanceName(): string {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: INSTANCE_KEY,
    queryFn: () => apiGet<InstanceInfo>('/api/instance'),
    // Kept current by instance_changed; read again after a reconnect.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.name ?? t('common.appName');
}

/** An administrator renamed the instance (instance_changed): every tab takes the name at once. */
export function useInstanceEvents(): void {
  const queryClient = useQueryClient();
  useSocketEvent('instance_changed', ({ name }) =>
    queryClient.setQueryData<InstanceInfo>(INSTANCE_KEY, { name }),
  );
  // Events missed while the socket was away.
  useSocketCatchUp(({ first }) => {
    if (!first) void queryClient.invalidateQueries({ queryKey: INSTANCE_KEY });
  });
}
