import type { AppContext } from '../../context';
import { removeTaskEvent, upsertTaskEvent } from './task-events';

/**
 * docs/calendar.md, "Tasks": a task with a due date and an assignee is an all-day event on
 * the assignee's calendar, kept in step with the boards feature's domain events. One task's
 * events are applied in the order they were published (a quick edit after a move must not be
 * overtaken by it); different tasks go in parallel.
 */
export function subscribeToTasks(ctx: Pick<AppContext, 'db' | 'events'>): void {
  const queues = new Map<string, Promise<void>>();
  const inOrder = (taskId: string, work: () => Promise<unknown>): Promise<void> => {
    const next = (queues.get(taskId) ?? Promise.resolve())
      .catch(() => {})
      .then(async () => {
        await work();
      });
    queues.set(taskId, next);
    const forget = () => {
      if (queues.get(taskId) === next) queues.delete(taskId);
    };
    next.then(forget, forget);
    return next;
  };
  ctx.events.on('taskSaved', ({ task }) =>
    inOrder(task.id, () =>
      upsertTaskEvent(ctx, {
        taskId: task.id,
        assigneeId: task.assigneeId,
        title: task.title,
        dueDate: task.dueDate,
      }),
    ),
  );
  ctx.events.on('taskDeleted', ({ taskId }) => inOrder(taskId, () => removeTaskEvent(ctx, taskId)));
}
