import type { User } from '#shared/users';

/** Case- and accent-insensitive match on the names and the email. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function matchesUser(user: User, query: string): boolean {
  const needle = normalize(query);
  if (!needle) return true;
  return [user.displayName, user.firstName, user.lastName, user.email]
    .filter((part): part is string => Boolean(part))
    .some((part) => normalize(part).includes(needle));
}
