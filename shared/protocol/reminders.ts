/**
 * The reminders feature's events (server/src/features/reminders): each goes to every open socket
 * of the person concerned after the change commits; the web app reloads the list it names.
 */
export type ReminderEvent =
  /** A reminder was set, cancelled or delivered. */
  | { type: 'reminders_changed' }
  /** A scheduled message was programmed, edited, cancelled, sent or failed. */
  | { type: 'scheduled_messages_changed' };
