import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstanceStorage } from '#shared/files';
import { apiGet } from '@/lib/api';

export const INSTANCE_STORAGE_KEY = ['/api/admin/storage'] as const;

/** GET /api/admin/storage (administrators): the instance's total and who uses the most. */
export const getInstanceStorage = (): Promise<InstanceStorage> =>
  apiGet<InstanceStorage>('/api/admin/storage');

export const useInstanceStorage = () =>
  useQuery(queryOptions({ queryKey: INSTANCE_STORAGE_KEY, queryFn: getInstanceStorage }));
