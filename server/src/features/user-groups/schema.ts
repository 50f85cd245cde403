import { index, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { USER_GROUP_HANDLE_MAX, USER_GROUP_NAME_MAX } from '#shared/user-groups';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, updatedAt } from '../../db/columns';

/** docs/product.md, "Groupes d’utilisateurs": `@handle` mentions the members. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: id(),
    name: varchar('name', { length: USER_GROUP_NAME_MAX }).notNull(),
    handle: varchar('handle', { length: USER_GROUP_HANDLE_MAX }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_groups_handle_key').on(t.handle)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: ownedBy('group_id', () => userGroups.id),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('user_group_members_user_idx').on(t.userId),
  ],
);
