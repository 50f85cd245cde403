import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { INSTANCE_NAME_MAX } from '#shared/admin';
import { users } from '../../auth/schema';
import { updatedAt } from '../../db/columns';

/**
 * The instance's settings chosen in the console (docs/product.md §2.27, « Instance »): one row
 * (id 1) once an administrator saved one; none means INSTANCE_NAME, else « Ruche ».
 */
export const instanceSettings = pgTable(
  'instance_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: varchar('name', { length: INSTANCE_NAME_MAX }).notNull(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('instance_settings_single_row', sql`${t.id} = 1`)],
);
