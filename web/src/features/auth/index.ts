/**
 * Who is signed in, and the ways in and out: the current user, its updates, the sign-in providers and the navigation to the login page.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { getCurrentUser, prefetchCurrentUser, takeCurrentUser } from './api/fetch-current-user';
export { useAuthProviders } from './api/get-auth-providers';
export { CURRENT_USER_KEY, useCurrentUser } from './api/get-current-user';
export { useUpdateCurrentUser } from './api/update-current-user';
export { useSessionEnd } from './hooks/use-session-end';
export { currentPath, goToLogin, goToLogout } from './navigation';
export { keepCurrentUser } from './offline-keep';
