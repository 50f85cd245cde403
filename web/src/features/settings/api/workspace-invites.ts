import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceInvite, WorkspaceInviteCreateInput } from '#shared/auth';
import { apiGet, apiRequest } from '@/lib/api';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

export const WORKSPACE_INVITES_KEY = ['/api/admin/invites'] as const;

export const getWorkspaceInvites = (): Promise<WorkspaceInvite[]> =>
  apiGet<WorkspaceInvite[]>('/api/admin/invites');

/** POST /api/admin/invites: the answer's `url` is the only time the link is shown. */
export const createWorkspaceInvite = (
  input: WorkspaceInviteCreateInput,
): Promise<WorkspaceInvite> => apiRequest<WorkspaceInvite>('POST', '/api/admin/invites', input);

export const revokeWorkspaceInvite = (id: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/admin/invites/${encodeURIComponent(id)}`);

export const useWorkspaceInvites = () =>
  useQuery(queryOptions({ queryKey: WORKSPACE_INVITES_KEY, queryFn: getWorkspaceInvites }));

export const useCreateWorkspaceInvite = () =>
  useRefreshingMutation(WORKSPACE_INVITES_KEY, createWorkspaceInvite);
export const useRevokeWorkspaceInvite = () =>
  useRefreshingMutation(WORKSPACE_INVITES_KEY, revokeWorkspaceInvite);
