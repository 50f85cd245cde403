import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaMode } from '#shared/sfu';
import { apiGet } from '@/lib/api';

/**
 * GET /api/sfu: whether rooms and voice channels go through Janus (up to 50) or the
 * browsers' mesh (4 at most), docs/calls.md. It changes only with a restart.
 */
export const useMediaMode = () =>
  useQuery(
    queryOptions({
      queryKey: ['/api/sfu'] as const,
      queryFn: () => apiGet<MediaMode>('/api/sfu'),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
