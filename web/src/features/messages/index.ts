/**
 * Messages: the chat tab, threads, what the channel lists and view show of a channel's messages
 * (drafts, prefetching: its channel content), and the live events.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { messagesChannelContent } from './channel-content';
export { chatTab } from './channel-tabs';
export { FollowedThreadsPage } from './components/followed-threads-page';
export { ThreadsSidebarLink } from './components/threads-sidebar-link';
export { useMessageEvents } from './hooks/use-message-events';
export { relativeTime } from './lib/format-time';
export { keepLatestMessages, pendingSendsOutbox } from './offline-keep';
