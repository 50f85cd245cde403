import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column shapes every feature's tables share. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tz('created_at').notNull().defaultNow();
export const updatedAt = () => tz('updated_at').notNull().defaultNow();
/** A row that belongs to another (its member, message, author…): required, gone with it. */
export const ownedBy = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });
