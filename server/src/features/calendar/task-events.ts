import { eq } from 'drizzle-orm';
import type { CalendarEvent } from '#shared/calendar';
import type { Deps } from '../deps';
import { deleteEventsAndRemember } from './deletions';
import { presentEvent } from './presenter';
import { calendarEvents } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export interface TaskEventInput {
  taskId: string;
  /** Whose calendar shows the due date; null removes the event (nobody to show it to). */
  assigneeId: string | null;
  title: string;
  /** YYYY-MM-DD, or null when the task has no due date (the event goes). */
  dueDate: string | null;
}

/**
 * For the boards feature: a task with a due date and an assignee is one all-day event on the
 * assignee's calendar (midnight UTC to the next midnight, as iCalendar's DATE values are),
 * made, moved to another day or another assignee, and renamed with the task. Idempotent: one
 * event per task (unique index on task_id), whoever calls it and however often.
 */
export async function upsertTaskEvent(
  deps: Pick<Deps, 'db'>,
  input: TaskEventInput,
): Promise<CalendarEvent | null> {
  if (!input.assigneeId || !input.dueDate) {
    await removeTaskEvent(deps, input.taskId);
    return null;
  }
  if (!DATE_RE.test(input.dueDate) || Number.isNaN(Date.parse(`${input.dueDate}T00:00:00Z`))) {
    throw new Error(`upsertTaskEvent: dueDate must be YYYY-MM-DD, got ${input.dueDate}`);
  }
  const startTime = new Date(`${input.dueDate}T00:00:00Z`);
  const values = {
    userId: input.assigneeId,
    title: input.title.slice(0, 200),
    startTime,
    endTime: new Date(startTime.getTime() + DAY_MS),
    allDay: true,
  };
  const [row] = await deps.db
    .insert(calendarEvents)
    .values({ ...values, taskId: input.taskId })
    .onConflictDoUpdate({
      target: calendarEvents.taskId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return presentEvent(row!);
}

/** The task is gone, or lost its due date or assignee: its event goes with it. */
export async function removeTaskEvent(deps: Pick<Deps, 'db'>, taskId: string): Promise<void> {
  // Exported to a connected calendar: the remote copy goes at the next sync (deletions.ts).
  await deleteEventsAndRemember(deps.db, eq(calendarEvents.taskId, taskId));
}
