import { describe, expect, it } from 'vitest';
import type { Task } from '#shared/boards';
import { type Column, listDrop, taskDrop } from './dnd';

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
const a = [task('a1', 'A', 1), task('a2', 'A', 2), task('a3', 'A', 3)];
const b = [task('b1', 'B', 1)];
const columns: Column[] = [
  { id: 'A', boardId: 'b', name: 'A', position: 1, tasks: a },
  { id: 'B', boardId: 'b', name: 'B', position: 2, tasks: b },
];

describe('taskDrop', () => {
  it('sorts inside a list like arrayMove', () => {
    expect(taskDrop(columns, a[0] as Task, { type: 'task', task: a[2] as Task })).toEqual({
      listId: 'A',
      index: 2,
    });
    expect(taskDrop(columns, a[2] as Task, { type: 'task', task: a[0] as Task })).toEqual({
      listId: 'A',
      index: 0,
    });
    expect(taskDrop(columns, a[1] as Task, { type: 'task', task: a[1] as Task })).toBeNull();
  });

  it('goes before the hovered card of another list, or to the end of an empty column', () => {
    expect(taskDrop(columns, a[0] as Task, { type: 'task', task: b[0] as Task })).toEqual({
      listId: 'B',
      index: 0,
    });
    const list = { id: 'B', boardId: 'b', name: 'B', position: 2 };
    expect(taskDrop(columns, a[0] as Task, { type: 'list', list })).toEqual({
      listId: 'B',
      index: 1,
    });
  });
});

describe('listDrop', () => {
  it('gives the index among the other lists', () => {
    const [first, second] = columns as [Column, Column];
    expect(listDrop(columns, first, { type: 'list', list: second })).toBe(1);
    expect(listDrop(columns, first, { type: 'list', list: first })).toBeNull();
  });
});
