import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isMemberOf } from '../channels/membership';
import type { BoardRow, ListRow, TaskRow } from './presenter';
import { boards, lists, tasks } from './schema';

export const BOARD_NOT_FOUND = 'Tableau introuvable';
export const LIST_NOT_FOUND = 'Liste introuvable';
export const TASK_NOT_FOUND = 'Tâche introuvable';

/**
 * Every board, list and task look-up carries the membership check in its own statement
 * (docs/product.md §6 and §10.2): a non-member gets the same 404 as for an id that does
 * not exist, whichever channel the id belongs to.
 */
export async function findBoardForMember(
  db: Db | Tx,
  boardId: string,
  userId: string,
): Promise<BoardRow> {
  const [row] = await db
    .select()
    .from(boards)
    .where(and(eq(boards.id, boardId), isMemberOf(boards.channelId, userId)));
  if (!row) throw notFound(BOARD_NOT_FOUND);
  return row;
}

export interface ListInChannel {
  list: ListRow;
  channelId: string;
}

export async function findListForMember(
  db: Db | Tx,
  listId: string,
  userId: string,
): Promise<ListInChannel> {
  const [row] = await db
    .select({ list: lists, channelId: boards.channelId })
    .from(lists)
    .innerJoin(boards, eq(boards.id, lists.boardId))
    .where(and(eq(lists.id, listId), isMemberOf(boards.channelId, userId)));
  if (!row) throw notFound(LIST_NOT_FOUND);
  return row;
}

export interface TaskInChannel {
  task: TaskRow;
  boardId: string;
  channelId: string;
}

export async function findTaskForMember(
  db: Db | Tx,
  taskId: string,
  userId: string,
): Promise<TaskInChannel> {
  const [row] = await db
    .select({ task: tasks, boardId: lists.boardId, channelId: boards.channelId })
    .from(tasks)
    .innerJoin(lists, eq(lists.id, tasks.listId))
    .innerJoin(boards, eq(boards.id, lists.boardId))
    .where(and(eq(tasks.id, taskId), isMemberOf(boards.channelId, userId)));
  if (!row) throw notFound(TASK_NOT_FOUND);
  return row;
}

/** The one row a statement that must return one returned. */
export function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${what}: no row returned`);
  return row;
}
