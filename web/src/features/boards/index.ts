/**
 * Channel boards: the board tab, the board's live events and turning a message into a task.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { boardTab } from './channel-tabs';
export { useBoardEvents } from './hooks/use-board-events';
export { boardsMessageExtension } from './message-extension';
