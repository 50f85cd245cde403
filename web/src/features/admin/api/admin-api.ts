import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInstance,
  AdminUser,
  AdminUserPage,
  InstanceUpdate,
  SignupPolicyUpdate,
} from '#shared/admin';
import type { AuditPage } from '#shared/audit';
import { apiGet, apiRequest } from '@/lib/api';

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;
export const ADMIN_AUDIT_KEY = ['/api/admin/audit'] as const;

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** GET /api/admin/users?q=&cursor= : every account, by name, page after page. */
export const useAdminUsers = (q: string) =>
  useInfiniteQuery({
    queryKey: [...ADMIN_USERS_KEY, q],
    queryFn: ({ pageParam }) =>
      apiGet<AdminUserPage>(`/api/admin/users${query({ q, cursor: pageParam ?? undefined })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** GET /api/admin/audit?actor=&action=&cursor= : newest first. */
export const useAuditLog = (filters: { actor?: string | undefined; action?: string | undefined }) =>
  useInfiniteQuery({
    queryKey: [...ADMIN_AUDIT_KEY, filters.actor ?? '', filters.action ?? ''],
    queryFn: ({ pageParam }) =>
      apiGet<AuditPage>(`/api/admin/audit${query({ ...filters, cursor: pageParam ?? undefined })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** GET /api/admin/instance: the instance's settings and the health of what it depends on. */
export const useAdminInstance = () =>
  useQuery({
    queryKey: ['/api/admin/instance'],
    queryFn: () => apiGet<AdminInstance>('/api/admin/instance'),
  });

/** PUT /api/admin/signup-policy: who may sign up, for every node at once. */
export function useSaveSignupPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupPolicyUpdate) =>
      apiRequest<Pick<AdminInstance, 'signup' | 'signupDomains' | 'signupSource'>>(
        'PUT',
        '/api/admin/signup-policy',
        input,
      ),
    onSuccess: (saved) => {
      client.setQueryData<AdminInstance>(['/api/admin/instance'], (current) =>
        current ? { ...current, ...saved } : current,
      );
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}

/**
 * PUT /api/admin/instance: the instance's name. Every tab, this one included, takes it from
 * the instance_changed event (app/instance-name.ts).
 */
export function useSaveInstanceName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InstanceUpdate) =>
      apiRequest<Pick<AdminInstance, 'name' | 'nameSource'>>('PUT', '/api/admin/instance', input),
    onSuccess: (saved) => {
      client.setQueryData<AdminInstance>(['/api/admin/instance'], (current) =>
        current ? { ...current, ...saved } : current,
      );
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}

export type UserAction =
  | 'deactivate'
  | 'reactivate'
  | 'grant-admin'
  | 'revoke-admin'
  | 'password-reset';

function runUserAction(id: string, action: UserAction): Promise<AdminUser | undefined> {
  const path = `/api/admin/users/${encodeURIComponent(id)}`;
  switch (action) {
    case 'deactivate':
    case 'reactivate':
      return apiRequest<AdminUser>('POST', `${path}/${action}`);
    case 'grant-admin':
    case 'revoke-admin':
      return apiRequest<AdminUser>('PUT', `${path}/admin`, { isAdmin: action === 'grant-admin' });
    case 'password-reset':
      return apiRequest<undefined>('POST', `${path}/password-reset`);
  }
}

/** An act on an account; the lists and the log are fetched again after it. */
export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) => runUserAction(id, action),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
