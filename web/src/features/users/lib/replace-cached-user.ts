import type { QueryClient } from '@tanstack/react-query';
import type { User } from '#shared/users';
import { isFirstFetch, patchAfterFirstFetch } from '@/lib/first-fetch';

const NAME_FIELDS = ['displayName', 'firstName', 'lastName', 'profileImageUrl'] as const;

/**
 * What a copy of a user takes from the event: its name and whether it is deactivated; the
 * copy itself when it already says so.
 */
function withUser(copy: Record<string, unknown>, user: User): Record<string, unknown> {
  const same =
    NAME_FIELDS.every((field) => copy[field] === user[field]) &&
    Boolean(copy.deactivated) === Boolean(user.deactivated);
  if (same) return copy;
  const { deactivated: _old, ...rest } = copy;
  return {
    ...rest,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    ...(user.deactivated ? { deactivated: true } : {}),
  };
}

/** A wire user (shared/users.ts `User`): an id, and the fields names are made of. */
const isCopyOf = (value: Record<string, unknown>, id: string) =>
  value.id === id && 'displayName' in value && 'firstName' in value;

/**
 * `value` with every copy of the user in it replaced (message authors, members, a direct
 * conversation's other person, pins, search hits…); the same object where nothing changed,
 * so the screens that show none of them do not render again.
 */
export function replaceUserIn(value: unknown, user: User): unknown {
  if (Array.isArray(value)) {
    const next = value.map((item) => replaceUserIn(item, user));
    return next.some((item, i) => item !== value[i]) ? next : value;
  }
  if (
    value === null ||
    typeof value !== 'object' ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    return value;
  }
  const record = value as Record<string, unknown>;
  const copy = isCopyOf(record, user.id) ? withUser(record, user) : record;
  let out = copy === record ? undefined : copy;
  for (const [key, item] of Object.entries(record)) {
    const next = replaceUserIn(item, user);
    if (next === item) continue;
    out ??= { ...record };
    out[key] = next;
  }
  return out ?? value;
}

/**
 * `user_changed` (docs/realtime.md): the query cache is the app's one copy of what the server
 * said, so the user is put in place wherever a query holds them — « (désactivé) » appears or
 * goes on every screen at once, without fetching anything again. A query still on its first
 * fetch gets the change when its answer comes (lib/first-fetch.ts).
 */
export function replaceCachedUser(queryClient: QueryClient, user: User): void {
  const update = (data: unknown) => replaceUserIn(data, user);
  for (const query of queryClient.getQueryCache().getAll()) {
    const { queryKey, state } = query;
    if (isFirstFetch(query)) {
      patchAfterFirstFetch(queryClient, query, update);
      continue;
    }
    // Only the queries that hold the user: the others keep their data and its age.
    const next = update(state.data);
    if (next !== state.data) queryClient.setQueryData(queryKey, next);
  }
}
