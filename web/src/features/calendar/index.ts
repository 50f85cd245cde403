/**
 * The calendar screens.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { CalendarPage } from './components/calendar-page';
export { CalendarSettingsPage } from './components/calendar-settings-page';
export { slotFinderAction } from './slot-finder-action';
