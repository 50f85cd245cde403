import { describe, expect, it } from 'vitest';
import type { BoardDetail, Task } from '#shared/boards';
import { taskPlacedAt, withList, withoutTask, withTask } from './board-cache';

const task = (id: string, listId: string, position: number): Task => ({
  id,
  listId,
  boardId: 'b',
  title: id,
  description: null,
  assignedToId: null,
  createdById: null,
  labels: [],
  dueDate: null,
  position,
  messageId: null,
  completedAt: null,
  createdAt: '',
  updatedAt: '',
});

const board: BoardDetail = {
  id: 'b',
  channelId: 'c',
  name: 'B',
  description: null,
  createdById: null,
  createdAt: '',
  lists: [
    {
      id: 'A',
      boardId: 'b',
      name: 'A',
      position: 1,
      tasks: [task('a1', 'A', 1), task('a2', 'A', 2)],
    },
    { id: 'B', boardId: 'b', name: 'B', position: 2, tasks: [] },
  ],
};

const ids = (b: BoardDetail) => b.lists.map((l) => l.tasks.map((t) => t.id));

describe('board cache', () => {
  it('applies the server’s saves in any order to the same board', () => {
    const moveA1 = task('a1', 'B', 5);
    const moveA2 = task('a2', 'B', 3);
    const one = withTask(withTask(board, moveA1), moveA2);
    const other = withTask(withTask(board, moveA2), moveA1);
    expect(ids(one)).toEqual([[], ['a2', 'a1']]);
    expect(ids(other)).toEqual(ids(one));
  });

  it('orders equal positions by id, and keeps untouched lists as they were', () => {
    const next = withTask(board, task('a0', 'A', 2));
    expect(ids(next)[0]).toEqual(['a1', 'a0', 'a2']);
    expect(next.lists[1]).toBe(board.lists[1]);
  });

  it('places an optimistic move between its new neighbours', () => {
    const placed = taskPlacedAt(board, task('a2', 'A', 2), 'A', 0);
    expect(placed.position).toBeLessThan(1);
    expect(ids(withTask(board, placed))[0]).toEqual(['a2', 'a1']);
  });

  it('removes tasks and lists, and moves lists by position', () => {
    expect(ids(withoutTask(board, 'a1'))).toEqual([['a2'], []]);
    expect(withoutTask(board, 'zz')).toBe(board);
    const moved = withList(board, { id: 'A', boardId: 'b', name: 'A', position: 3 });
    expect(moved.lists.map((l) => l.id)).toEqual(['B', 'A']);
    expect(moved.lists[1]?.tasks).toHaveLength(2);
  });
});
