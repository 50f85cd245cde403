/**
 * How a user's name reads, wherever it shows. Kept apart from users.ts, which builds zod
 * schemas: the web's first load imports this and must not bring zod along
 * (web/src/app/bundle-budget.test.ts; docs/performance.md, "First-load JavaScript").
 */
/** What a name is made of: a `User` (shared/users.ts), or the part of one a caller has. */
interface NamedUser {
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  deactivated?: true;
}

/** Issue 48: after the name of an account an administrator deactivated, wherever it shows. */
export const DEACTIVATED_SUFFIX = ' (désactivé)';

/**
 * docs/product.md §3 display fallback: displayName, else first plus last name, else the part of
 * the email before the at sign; null means the caller shows its "unknown user" label. A
 * deactivated account's name ends with « (désactivé) ».
 */
export function userDisplayName(user: Partial<NamedUser> | null | undefined): string | null {
  const name = baseDisplayName(user);
  return name && user?.deactivated ? `${name}${DEACTIVATED_SUFFIX}` : name;
}

function baseDisplayName(user: Partial<NamedUser> | null | undefined): string | null {
  if (!user) return null;
  const display = user.displayName?.trim();
  if (display) return display;
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (full) return full;
  const local = user.email?.split('@')[0]?.trim();
  return local || null;
}

/** docs/product.md §5: the welcome dialog's default — first plus last name, else the email's local part. */
export function defaultDisplayName(user: Partial<NamedUser>): string {
  return baseDisplayName({ ...user, displayName: null }) ?? '';
}
