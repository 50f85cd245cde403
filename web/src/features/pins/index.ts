/**
 * Pinned and saved messages: the channel header's pins, the message's mark and menu entries
 * (its message extension), « Enregistrés » and its sidebar entry, and the live events.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { pinsAction } from './channel-header-actions';
export { SavedPage } from './components/saved-page';
export { SavedSidebarLink } from './components/saved-sidebar-link';
export { usePinEvents } from './hooks/use-pin-events';
export { pinsMessageExtension } from './message-extension';
