import { z } from 'zod';
import { DISPLAY_NAME_MAX, STATUS_MESSAGE_MAX, USER_STATUSES, type UserStatus } from './limits';

/** The wire shape of a user, as GET /api/auth/user and every embedded `user` return it. */
export interface User {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  profileImageUrl: string | null;
  status: UserStatus;
  statusMessage: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set when an administrator deactivated the account: its name shows « (désactivé) ». */
  deactivated?: true;
}

export const DISPLAY_NAME_REQUIRED = 'Le nom d’affichage est requis';
export const DISPLAY_NAME_TOO_LONG = `Maximum ${DISPLAY_NAME_MAX} caractères`;

export const DisplayNameSchema = z
  .string({ error: DISPLAY_NAME_REQUIRED })
  .trim()
  .min(1, DISPLAY_NAME_REQUIRED)
  .max(DISPLAY_NAME_MAX, DISPLAY_NAME_TOO_LONG);

export const StatusSchema = z.enum(USER_STATUSES, {
  error: 'Le statut doit être « online », « away » ou « offline »',
});

export const StatusMessageSchema = z
  .string()
  .trim()
  .max(STATUS_MESSAGE_MAX, `Maximum ${STATUS_MESSAGE_MAX} caractères`);

export const DisplayNameUpdateSchema = z.object({ displayName: DisplayNameSchema }).strict();
export type DisplayNameUpdateInput = z.infer<typeof DisplayNameUpdateSchema>;

export const StatusUpdateSchema = z
  .object({
    status: StatusSchema,
    statusMessage: StatusMessageSchema.nullish(),
  })
  .strict();
export type StatusUpdateInput = z.infer<typeof StatusUpdateSchema>;

export type UserUpdateInput = DisplayNameUpdateInput | StatusUpdateInput;

/**
 * PATCH /api/auth/user takes either a display name, or a status with its message (docs/product.md §7):
 * the body's keys pick the schema, so its errors speak of the fields that were sent.
 */
export function userUpdateSchemaFor(body: unknown) {
  const hasDisplayName = typeof body === 'object' && body !== null && 'displayName' in body;
  return hasDisplayName ? DisplayNameUpdateSchema : StatusUpdateSchema;
}

/** GET /api/users?q=: filters on display name, first name, last name and email. */
export const UserListQuerySchema = z.object({
  q: z.string().trim().max(DISPLAY_NAME_MAX, 'Recherche trop longue').optional(),
});
