import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isMemberOf } from '../channels/membership';
import { channelNameSql } from '../channels/queries';
import { boards, lists, tasks } from './schema';

export interface DueTask {
  id: string;
  title: string;
  dueDate: string;
  labels: string[];
  boardId: string;
  boardName: string;
  listName: string;
  channelId: string;
  channelName: string | null;
}

/**
 * The tasks assigned to `userId` that are due on `date` (YYYY-MM-DD) or before and not done,
 * in channels they still belong to (« Ma journée »): the most overdue first, at most `limit`,
 * and how many there are in all.
 */
export async function listDueTasks(
  db: Db,
  userId: string,
  date: string,
  limit: number,
): Promise<{ tasks: DueTask[]; total: number }> {
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      labels: tasks.labels,
      boardId: boards.id,
      boardName: boards.name,
      listName: lists.name,
      channelId: boards.channelId,
      channelName: channelNameSql(boards.channelId),
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(tasks)
    .innerJoin(lists, eq(lists.id, tasks.listId))
    .innerJoin(boards, eq(boards.id, lists.boardId))
    .where(
      and(
        eq(tasks.assignedToId, userId),
        isNull(tasks.completedAt),
        lte(tasks.dueDate, date),
        isMemberOf(boards.channelId, userId),
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.title), asc(tasks.id))
    .limit(limit);
  return {
    tasks: rows.map(({ total: _total, dueDate, ...task }) => ({
      ...task,
      dueDate: dueDate as string,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
