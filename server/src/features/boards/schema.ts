import {
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { BOARD_NAME_MAX, LIST_NAME_MAX, TASK_TITLE_MAX } from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';
import { messages } from '../messages/schema';

export const boards = pgTable(
  'boards',
  {
    id: id(),
    channelId: ownedBy('channel_id', () => channels.id),
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
    boardId: ownedBy('board_id', () => boards.id),
    name: varchar('name', { length: LIST_NAME_MAX }).notNull(),
    /** Fractional: a move writes one row, between its neighbours (docs/boards.md). */
    position: doublePrecision('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lists_board_position_idx').on(t.boardId, t.position)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    listId: ownedBy('list_id', () => lists.id),
    title: varchar('title', { length: TASK_TITLE_MAX }).notNull(),
    description: text('description'),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    /** A calendar day (docs/product.md §5: a date or null), no time and no zone. */
    dueDate: date('due_date', { mode: 'string' }),
    position: doublePrecision('position').notNull().default(0),
    /** The message the task was made from ("Créer une tâche"); kept null if it is deleted. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** When it was marked done (« Terminée »); null while it is still to do. */
    completedAt: tz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_list_position_idx').on(t.listId, t.position),
    index('tasks_assignee_idx').on(t.assignedToId),
    index('tasks_message_idx').on(t.messageId),
  ],
);
