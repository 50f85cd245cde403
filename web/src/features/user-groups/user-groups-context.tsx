import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { UserGroup, UserGroupList } from '#shared/user-groups';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import { listUserGroups } from './api';

export interface UserGroupsState {
  /** By handle; null until loaded. */
  groups: readonly UserGroup[] | null;
  managedBy: UserGroupList['managedBy'];
  channelWideMentions: UserGroupList['channelWideMentions'];
  saved: (group: UserGroup) => void;
  deleted: (groupId: string) => void;
}

const NONE: UserGroupsState = {
  groups: null,
  managedBy: 'admins',
  channelWideMentions: 'everyone',
  saved: () => undefined,
  deleted: () => undefined,
};
const UserGroupsContext = createContext<UserGroupsState>(NONE);

const withSaved = (groups: readonly UserGroup[] | null, group: UserGroup) =>
  groups
    ? [...groups.filter((g) => g.id !== group.id), group].sort((a, b) =>
        a.handle.localeCompare(b.handle),
      )
    : groups;

/**
 * The workspace's user groups and mention rules for everything below it, loaded once and
 * kept live by user_group_saved / _deleted (reloaded after a reconnect). Outside it there are
 * none, and channel-wide mentions follow the default rule.
 */
export function UserGroupsProvider({
  children,
  initial,
}: {
  children: ReactNode;
  /** Known already (tests): not fetched. */
  initial?: UserGroupList;
}) {
  const [list, setList] = useState<UserGroupList | null>(initial ?? null);
  const load = useCallback(() => {
    listUserGroups().then(setList, () => undefined);
  }, []);
  useEffect(() => {
    if (!initial) load();
  }, [initial, load]);
  useSocketEvent(['user_group_saved', 'user_group_deleted'], (event) => {
    setList((now) => {
      if (!now) return now;
      const groups =
        event.type === 'user_group_saved'
          ? withSaved(now.groups, event.group)
          : now.groups.filter((g) => g.id !== event.groupId);
      return { ...now, groups: groups ?? [] };
    });
  });
  useSocketCatchUp(({ first }) => {
    if (!first) load();
  });
  const value = useMemo(
    (): UserGroupsState => ({
      groups: list?.groups ?? null,
      managedBy: list?.managedBy ?? NONE.managedBy,
      channelWideMentions: list?.channelWideMentions ?? NONE.channelWideMentions,
      saved: (group) =>
        setList((now) => (now ? { ...now, groups: withSaved(now.groups, group) ?? [] } : now)),
      deleted: (groupId) =>
        setList((now) =>
          now ? { ...now, groups: now.groups.filter((g) => g.id !== groupId) } : now,
        ),
    }),
    [list],
  );
  return <UserGroupsContext.Provider value={value}>{children}</UserGroupsContext.Provider>;
}

export const useUserGroups = (): UserGroupsState => useContext(UserGroupsContext);
