import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type {
  MessageTask,
  Task,
  TaskCreateData,
  TaskMoveInput,
  TaskUpdateData,
} from '#shared/boards';
import type { Db, Tx } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { requireWritableChannel } from '../channels/administration';
import { getMemberRole } from '../channels/membership';
import type { Deps } from '../deps';
import { findMessageForMember } from '../messages/queries';
import {
  findListForMember,
  findTaskForMember,
  LIST_NOT_FOUND,
  one,
  TASK_NOT_FOUND,
} from './access';
import { announce, publishTaskSaved, publishTasksDeleted } from './announce';
import { evenPositions, POSITION_GAP, positionBetween } from './positions';
import { byPosition, presentTask, type TaskRow } from './presenter';
import { boards, lists, tasks } from './schema';

const ASSIGNEE_NOT_MEMBER = 'La personne assignée doit être membre du canal';

/** docs/boards.md, "Rules the server keeps": a task is assigned only to a member of its channel. */
async function requireAssignable(db: Db, channelId: string, assigneeId: string | null | undefined) {
  if (!assigneeId) return;
  if (!(await getMemberRole(db, channelId, assigneeId))) {
    throw badRequest(ASSIGNEE_NOT_MEMBER, { assignedToId: [ASSIGNEE_NOT_MEMBER] });
  }
}

/** Lock the list row: inserts and moves into one list take turns (docs/boards.md). */
const lockList = (tx: Tx, listId: string) =>
  tx.select({ id: lists.id }).from(lists).where(eq(lists.id, listId)).for('update');

async function announceTask(deps: Deps, row: TaskRow, boardId: string, channelId: string) {
  publishTaskSaved(deps, row, channelId);
  const task = presentTask(row, boardId);
  await announce(deps, { type: 'task_saved', channelId, task });
  return task;
}

export async function createTask(
  deps: Deps,
  userId: string,
  listId: string,
  data: TaskCreateData,
): Promise<Task> {
  const { list, channelId } = await findListForMember(deps.db, listId, userId);
  await requireWritableChannel(deps.db, channelId);
  await requireAssignable(deps.db, channelId, data.assignedToId);
  if (data.messageId) {
    const message = await findMessageForMember(deps.db, data.messageId, userId);
    if (message.channelId !== channelId) throw notFound('Message introuvable');
  }
  const row = await deps.db.transaction(async (tx) => {
    await lockList(tx, listId);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${tasks.position})` })
      .from(tasks)
      .where(eq(tasks.listId, listId));
    const position = last?.max == null ? POSITION_GAP : Number(last.max) + POSITION_GAP;
    const created = one(
      await tx
        .insert(tasks)
        .values({
          listId,
          title: data.title,
          description: data.description,
          dueDate: data.dueDate ?? null,
          assignedToId: data.assignedToId ?? null,
          labels: data.labels ?? [],
          messageId: data.messageId ?? null,
          createdById: userId,
          position,
        })
        .returning(),
      'tasks.ts: created',
    );
    return created;
  });
  return announceTask(deps, row, list.boardId, channelId);
}

export async function updateTask(
  deps: Deps,
  userId: string,
  taskId: string,
  data: TaskUpdateData,
): Promise<Task> {
  const { boardId, channelId } = await findTaskForMember(deps.db, taskId, userId);
  await requireWritableChannel(deps.db, channelId);
  await requireAssignable(deps.db, channelId, data.assignedToId);
  const { completed, ...fields } = data;
  // Marked done once: a second « Terminée » keeps the first time.
  const completion =
    completed === undefined
      ? {}
      : { completedAt: completed ? sql`coalesce(${tasks.completedAt}, now())` : null };
  const [row] = await deps.db
    .update(tasks)
    .set({ ...fields, ...completion, updatedAt: sql`now()` })
    .where(eq(tasks.id, taskId))
    .returning();
  if (!row) throw notFound(TASK_NOT_FOUND);
  return announceTask(deps, row, boardId, channelId);
}

/**
 * Moves a task to `index` in a list of the same channel (docs/boards.md). The task row, then
 * the destination list, are locked, so concurrent moves take turns and each one reads the
 * neighbours the previous one left: every client then applies the server's positions.
 */
export async function moveTask(
  deps: Deps,
  userId: string,
  taskId: string,
  input: TaskMoveInput,
): Promise<Task> {
  const { channelId } = await findTaskForMember(deps.db, taskId, userId);
  await requireWritableChannel(deps.db, channelId);
  const target = await findListForMember(deps.db, input.listId, userId).catch(() => null);
  // A list of another channel (even one the caller belongs to) is refused like a missing one.
  if (!target || target.channelId !== channelId) throw notFound(LIST_NOT_FOUND);
  const boardId = target.list.boardId;
  const changed = await deps.db.transaction(async (tx) => {
    await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId)).for('update');
    await lockList(tx, input.listId);
    const others = (
      await tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.listId, input.listId), ne(tasks.id, taskId)))
    ).sort(byPosition);
    const index = Math.min(input.index, others.length);
    const position = positionBetween(others[index - 1]?.position, others[index]?.position);
    if (position !== null) {
      return tx
        .update(tasks)
        .set({ listId: input.listId, position, updatedAt: sql`now()` })
        .where(eq(tasks.id, taskId))
        .returning();
    }
    // Neighbours too close to split: renumber this list once, the moved task in its place.
    const order = [
      ...others.slice(0, index).map((t) => t.id),
      taskId,
      ...others.slice(index).map((t) => t.id),
    ];
    const positions = evenPositions(order.length);
    const rows: TaskRow[] = [];
    for (const [i, id] of order.entries()) {
      const set = id === taskId ? { listId: input.listId, updatedAt: sql`now()` } : {};
      const row = one(
        await tx
          .update(tasks)
          .set({ ...set, position: positions[i] })
          .where(eq(tasks.id, id))
          .returning(),
        'tasks.ts: row',
      );
      rows.push(row);
    }
    return rows;
  });
  let moved: Task | undefined;
  for (const row of changed) {
    if (row.id === taskId) {
      moved = await announceTask(deps, row, boardId, channelId);
    } else {
      await announce(deps, { type: 'task_saved', channelId, task: presentTask(row, boardId) });
    }
  }
  if (!moved) throw notFound(TASK_NOT_FOUND);
  return moved;
}

export async function deleteTask(deps: Deps, userId: string, taskId: string): Promise<void> {
  const { task, boardId, channelId } = await findTaskForMember(deps.db, taskId, userId);
  await requireWritableChannel(deps.db, channelId);
  const gone = await deps.db.delete(tasks).where(eq(tasks.id, taskId)).returning({ id: tasks.id });
  if (gone.length === 0) return;
  publishTasksDeleted(deps, [taskId], channelId);
  await announce(deps, { type: 'task_deleted', channelId, boardId, listId: task.listId, taskId });
}

/** GET /api/channels/{id}/message-tasks: the chips of the channel's messages made into tasks. */
export async function listMessageTasks(db: Db, channelId: string): Promise<MessageTask[]> {
  const rows = await db
    .select({
      messageId: tasks.messageId,
      taskId: tasks.id,
      boardId: lists.boardId,
      listName: lists.name,
    })
    .from(tasks)
    .innerJoin(lists, eq(lists.id, tasks.listId))
    .innerJoin(boards, eq(boards.id, lists.boardId))
    .where(and(eq(boards.channelId, channelId), isNotNull(tasks.messageId)));
  return rows.map((r) => ({ ...r, messageId: r.messageId as string }));
}

/**
 * A member who leaves the channel (or is removed) is no longer assignable there: their tasks
 * of the channel become unassigned, announced like an edit.
 */
export async function unassignMember(deps: Deps, channelId: string, userId: string): Promise<void> {
  const channelLists = deps.db
    .select({ id: lists.id })
    .from(lists)
    .innerJoin(boards, eq(boards.id, lists.boardId))
    .where(eq(boards.channelId, channelId));
  const rows = await deps.db
    .update(tasks)
    .set({ assignedToId: null, updatedAt: sql`now()` })
    .where(and(eq(tasks.assignedToId, userId), inArray(tasks.listId, channelLists)))
    .returning();
  if (rows.length === 0) return;
  const boardOf = new Map(
    (
      await deps.db
        .select({ id: lists.id, boardId: lists.boardId })
        .from(lists)
        .where(inArray(lists.id, [...new Set(rows.map((r) => r.listId))]))
    ).map((l) => [l.id, l.boardId]),
  );
  for (const row of rows) {
    const boardId = boardOf.get(row.listId);
    if (boardId) await announceTask(deps, row, boardId, channelId);
  }
}
