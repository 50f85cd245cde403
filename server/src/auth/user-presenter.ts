import type { UserStatus } from '#shared/limits';
import type { User } from '#shared/users';
import type { users } from './schema';

type UserRow = typeof users.$inferSelect;

/** What presentUser reads of a user row. */
export type PresentableUser = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'displayName'
  | 'profileImageUrl'
  | 'status'
  | 'statusMessage'
  | 'createdAt'
  | 'updatedAt'
> & { deactivatedAt?: Date | null };

/** The only way a user row leaves the server: never its password hash or OIDC subject. */
export function presentUser(row: PresentableUser): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    profileImageUrl: row.profileImageUrl,
    status: row.status as UserStatus,
    statusMessage: row.statusMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(row.deactivatedAt ? { deactivated: true as const } : {}),
  };
}

/** The signed-in user's own view: their chosen status, not the live presence others see. */
export function presentSelf(row: UserRow): User {
  return { ...presentUser(row), status: row.chosenStatus as UserStatus };
}
