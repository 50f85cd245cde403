/**
 * Reminders, scheduled sends and plans in messages (docs/product.md, « Rappels et envois
 * programmés », « Des messages qui deviennent des plans »).
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here.
 */
export { useCreateScheduled } from './api/reminders';
export { RemindersSidebarLink } from './components/reminders-sidebar-link';
export { useReminderEvents } from './hooks';
export { remindersMessageExtension } from './message-extension';
