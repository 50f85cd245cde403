/**
 * Files: the files tab, its live events, and what the composer and messages show of files (its message extension).
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { filesTab } from './channel-tabs';
export { useFileEvents } from './hooks/use-file-events';
export { filesMessageExtension } from './message-extension';
