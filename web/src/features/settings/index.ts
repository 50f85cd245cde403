/**
 * The settings screen.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */

/** The administration console's instance section shows these (web/src/features/admin). */
export { MediaMode, WorkspaceInvites } from './admin-card';
export { InstanceStorage } from './instance-storage';
export { SettingsPage } from './settings-page';
