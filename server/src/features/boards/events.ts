/**
 * The boards feature's domain events (server/src/events/bus.ts), published after their
 * transaction commits. The calendar feature subscribes to them in its own files.
 */
declare module '../../events/bus' {
  interface DomainEvents {
    /** A task was created, edited or moved. `dueDate` is a calendar day, YYYY-MM-DD. */
    taskSaved: {
      task: {
        id: string;
        channelId: string;
        title: string;
        dueDate: string | null;
        assigneeId: string | null;
      };
    };
    /** A task is gone: deleted alone, or with its list or its board. */
    taskDeleted: { taskId: string; channelId: string };
  }
}

export {};
