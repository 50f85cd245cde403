/**
 * The administration console (issue 48 item 1): its screen (app/admin-screen.tsx, itself
 * loaded on demand by the router); other features add a section with one line in sections.tsx.
 */
export { AdminConsole } from './admin-console';
export { ADMIN_SECTIONS, type AdminSection } from './sections';
