import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '#shared/files';
import { apiGet } from '@/lib/api';

export const STORAGE_USAGE_KEY = ['/api/me/storage'] as const;

/** GET /api/me/storage: what the account's files take, and its quota (docs/files.md, "Quotas"). */
export const getStorageUsage = (): Promise<StorageUsage> => apiGet<StorageUsage>('/api/me/storage');

export const useStorageUsage = () =>
  useQuery(queryOptions({ queryKey: STORAGE_USAGE_KEY, queryFn: getStorageUsage }));
