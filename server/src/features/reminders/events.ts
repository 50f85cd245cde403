/**
 * The reminders feature's domain events (server/src/events/bus.ts). A due reminder, or a
 * scheduled message that could not go, becomes a notification of its owner inside the
 * transaction that marks it delivered (a step: it commits with that mark or not at all, so
 * it is delivered exactly once); the notifications feature subscribes the step and, after
 * the commit, sends what the step wrote to the owner's sockets and devices.
 */
declare module '../../events/bus' {
  interface DomainEvents {
    /**
     * A step, inside the delivering transaction: the notification to write. `written` is
     * filled by the step with the ids of the notifications it wrote.
     */
    personalNoticeDue: {
      kind: 'reminder' | 'scheduled_failed';
      userId: string;
      channelId: string | null;
      messageId: string | null;
      /** A French sentence (desktop and push notifications). */
      title: string;
      content: string | null;
      written: string[];
    };
    /** After that commit: the notifications written, to send live. */
    personalNoticeWritten: { notificationIds: string[] };
  }
}

export {};
