import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitePreview } from '#shared/invites';
import { apiGet } from '@/lib/api';

export const invitePreviewKey = (code: string) => ['/api/channel-invites', code] as const;

export const getInvitePreview = (code: string): Promise<InvitePreview> =>
  apiGet<InvitePreview>(`/api/channel-invites/${encodeURIComponent(code)}`);

export const invitePreviewQueryOptions = (code: string) =>
  queryOptions({ queryKey: invitePreviewKey(code), queryFn: () => getInvitePreview(code) });

/** docs/product.md §7: looked up only for a non-empty code (and, on the page, only when signed in). */
export const useInvitePreview = (code: string, enabled: boolean) =>
  useQuery({
    ...invitePreviewQueryOptions(code),
    enabled: enabled && code.length > 0,
    // A code's state (uses, membership) changes: look it up afresh each time.
    staleTime: 0,
    gcTime: 0,
  });
