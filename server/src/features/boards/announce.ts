import type { BoardEvent } from '#shared/protocol/boards';
import { channelTopic } from '../channels/topics';
import { type Deps, publish } from '../deps';
import type { TaskRow } from './presenter';

/** A board event to the channel's members, after the change committed. */
export const announce = (deps: Deps, event: BoardEvent): Promise<void> =>
  publish(deps, event.type, () => deps.realtime.toTopic(channelTopic(event.channelId), event));

/** The domain event the calendar listens to (events.ts). */
export function publishTaskSaved(deps: Deps, row: TaskRow, channelId: string): void {
  deps.events.publish('taskSaved', {
    task: {
      id: row.id,
      channelId,
      title: row.title,
      dueDate: row.dueDate,
      assigneeId: row.assignedToId,
    },
  });
}

export function publishTasksDeleted(deps: Deps, taskIds: string[], channelId: string): void {
  for (const taskId of taskIds) deps.events.publish('taskDeleted', { taskId, channelId });
}
