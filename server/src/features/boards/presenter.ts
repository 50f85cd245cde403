import type { Board, BoardList, Task } from '#shared/boards';
import type { boards, lists, tasks } from './schema';

export type BoardRow = typeof boards.$inferSelect;
export type ListRow = typeof lists.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;

export function presentBoard(row: BoardRow): Board {
  return {
    id: row.id,
    channelId: row.channelId,
    name: row.name,
    description: row.description,
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentList(row: ListRow): BoardList {
  return { id: row.id, boardId: row.boardId, name: row.name, position: row.position };
}

export function presentTask(row: TaskRow, boardId: string): Task {
  return {
    id: row.id,
    listId: row.listId,
    boardId,
    title: row.title,
    description: row.description,
    assignedToId: row.assignedToId,
    createdById: row.createdById,
    labels: row.labels,
    dueDate: row.dueDate,
    position: row.position,
    messageId: row.messageId,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows sort by (position, id): equal positions (never made here, but possible) still agree. */
export const byPosition = <R extends { position: number; id: string }>(a: R, b: R) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
