import { z } from 'zod';
import { RESERVED_MENTIONS } from './limits';

/** docs/product.md, "Groupes d’utilisateurs". */
export const USER_GROUP_NAME_MAX = 80;
export const USER_GROUP_HANDLE_MIN = 2;
export const USER_GROUP_HANDLE_MAX = 32;
export const USER_GROUP_MEMBERS_MAX = 1000;
export const USER_GROUP_HANDLE_RE = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/;
export type BroadcastMention = (typeof RESERVED_MENTIONS)[number];

export const USER_GROUP_NOT_FOUND = 'Groupe introuvable';
export const USER_GROUP_HANDLE_TAKEN = 'Un groupe porte déjà cet identifiant';
export const USER_GROUP_FORBIDDEN_ADMINS = 'Seuls les administrateurs gèrent les groupes';
export const USER_GROUP_FORBIDDEN_MEMBERS =
  'Seuls les membres du groupe ou un administrateur peuvent le modifier';
export const USER_GROUP_UNKNOWN_MEMBER = 'Un des membres choisis n’existe pas';

const HandleSchema = z
  .string({ error: 'L’identifiant est requis' })
  .trim()
  .toLowerCase()
  .transform((handle) => handle.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .min(USER_GROUP_HANDLE_MIN, {
        error: `L’identifiant doit compter au moins ${USER_GROUP_HANDLE_MIN} caractères`,
      })
      .max(USER_GROUP_HANDLE_MAX, {
        error: `L’identifiant ne peut pas dépasser ${USER_GROUP_HANDLE_MAX} caractères`,
      })
      .regex(USER_GROUP_HANDLE_RE, {
        error:
          'L’identifiant ne peut contenir que des minuscules, des chiffres, «\u00a0_\u00a0» et «\u00a0-\u00a0»',
      })
      .refine((handle) => !(RESERVED_MENTIONS as readonly string[]).includes(handle), {
        error: 'Cet identifiant est réservé',
      }),
  );

const NameSchema = z
  .string({ error: 'Le nom est requis' })
  .trim()
  .min(1, { error: 'Le nom est requis' })
  .max(USER_GROUP_NAME_MAX, {
    error: `Le nom ne peut pas dépasser ${USER_GROUP_NAME_MAX} caractères`,
  });

const MembersSchema = z
  .array(z.uuid({ error: 'Membre invalide' }), { error: 'Les membres doivent être une liste' })
  .max(USER_GROUP_MEMBERS_MAX, {
    error: `Un groupe compte au plus ${USER_GROUP_MEMBERS_MAX} membres`,
  });

/** POST /api/user-groups. */
export const UserGroupCreateSchema = z
  .object({ name: NameSchema, handle: HandleSchema, members: MembersSchema.default([]) })
  .strict();
export type UserGroupCreateInput = z.infer<typeof UserGroupCreateSchema>;

/** PATCH /api/user-groups/{id}: what is sent changes; `members` replaces the list. */
export const UserGroupUpdateSchema = z
  .object({
    name: NameSchema.optional(),
    handle: HandleSchema.optional(),
    members: MembersSchema.optional(),
  })
  .strict();
export type UserGroupUpdateInput = z.infer<typeof UserGroupUpdateSchema>;

/** An item of GET /api/user-groups. */
export interface UserGroup {
  id: string;
  name: string;
  handle: string;
  memberIds: string[];
  createdAt: string;
}

/** GET /api/user-groups: the groups and who may manage them. */
export interface UserGroupList {
  groups: UserGroup[];
  managedBy: 'admins' | 'members';
  channelWideMentions: 'everyone' | 'admins';
}
