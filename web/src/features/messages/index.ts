/**
 * Messages: the chat tab, threads, drafts, the message queries other features prefetch, and the live events.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { messagesKey, messagesQueryOptions, usePrefetchMessages } from './api/get-messages';
export { chatTab } from './channel-tabs';
export { FollowedThreadsPage } from './components/followed-threads-page';
export { ThreadsSidebarLink } from './components/threads-sidebar-link';
export { useChannelInView } from './hooks/use-channel-in-view';
export { useHasDraft } from './hooks/use-drafts';
export { useMessageEvents } from './hooks/use-message-events';
export { usePrefetchUnread } from './hooks/use-prefetch-unread';
