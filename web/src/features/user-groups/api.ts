import type {
  UserGroup,
  UserGroupCreateInput,
  UserGroupList,
  UserGroupUpdateInput,
} from '#shared/user-groups';
import { apiGet, apiRequest } from '@/lib/api';

export const listUserGroups = () => apiGet<UserGroupList>('/api/user-groups');

export const createUserGroup = (input: UserGroupCreateInput) =>
  apiRequest<UserGroup>('POST', '/api/user-groups', input);

export const updateUserGroup = (id: string, input: UserGroupUpdateInput) =>
  apiRequest<UserGroup>('PATCH', `/api/user-groups/${id}`, input);

export const deleteUserGroup = (id: string) => apiRequest<void>('DELETE', `/api/user-groups/${id}`);
