import type { BoardList, Task } from '#shared/boards';

/** What each draggable and droppable carries, so a drop is read without parsing ids. */
export type DndData = { type: 'task'; task: Task } | { type: 'list'; list: BoardList };

export const taskDndId = (id: string) => `task:${id}`;
export const listDndId = (id: string) => `list:${id}`;

/** dnd-kit's transform as CSS (a translation only: cards keep their size while sorting). */
export const translate = (t: { x: number; y: number } | null): string | undefined =>
  t ? `translate3d(${Math.round(t.x)}px, ${Math.round(t.y)}px, 0)` : undefined;

export interface Column extends BoardList {
  tasks: Task[];
}

/**
 * Where a drop puts a task: its list and its index among that list's other tasks (what
 * POST /api/tasks/{id}/move takes), or null when it stays where it is.
 */
export function taskDrop(
  columns: readonly Column[],
  task: Task,
  over: DndData | undefined,
): { listId: string; index: number } | null {
  if (!over) return null;
  if (over.type === 'list') {
    // Dropped on a column (its empty space): the end of another list.
    if (over.list.id === task.listId) return null;
    const target = columns.find((c) => c.id === over.list.id);
    return target ? { listId: target.id, index: target.tasks.length } : null;
  }
  const target = columns.find((c) => c.id === over.task.listId);
  if (!target) return null;
  const overIndex = target.tasks.findIndex((t) => t.id === over.task.id);
  if (target.id !== task.listId) return { listId: target.id, index: Math.max(overIndex, 0) };
  const from = target.tasks.findIndex((t) => t.id === task.id);
  // Sorting inside one list: the task takes the hovered card's place (arrayMove semantics).
  return from === overIndex || overIndex < 0 ? null : { listId: target.id, index: overIndex };
}

/** Where a drop puts a list: its index among the board's other lists, or null. */
export function listDrop(columns: readonly Column[], list: BoardList, over: DndData | undefined) {
  if (over?.type !== 'list') return null;
  const from = columns.findIndex((c) => c.id === list.id);
  const to = columns.findIndex((c) => c.id === over.list.id);
  return from === to || to < 0 ? null : to;
}
