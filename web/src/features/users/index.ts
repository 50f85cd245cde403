/**
 * Users: the directory query and presence events.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { useUsers } from './api/get-users';
export { type UserSearch, useUserSearch } from './api/search-users';
export { usePresenceEvents } from './hooks/use-presence-events';
export { useUserEvents } from './hooks/use-user-events';
export { sendPresence } from './lib/send-presence';
