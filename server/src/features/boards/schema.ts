import { index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { BOARD_NAME_MAX, LIST_NAME_MAX, TASK_TITLE_MAX } from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';

export const boards = pgTable(
  'boards',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: BOARD_NAME_MAX }).notNull(),
    description: text('description'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('boards_channel_idx').on(t.channelId)],
);

export const lists = pgTable(
  'lists',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: LIST_NAME_MAX }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lists_board_position_idx').on(t.boardId, t.position)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: TASK_TITLE_MAX }).notNull(),
    description: text('description'),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    dueDate: tz('due_date'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_list_position_idx').on(t.listId, t.position),
    index('tasks_assignee_idx').on(t.assignedToId),
  ],
);
