/**
 * Channels and direct conversations: their lists, members and reading state, the channel screens, the sidebar sections and the members tab.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { useCreateDirectChannel } from './api/create-direct-channel';
export { useChannel } from './api/get-channel';
export { useChannelMembers } from './api/get-channel-members';
export { CHANNELS_KEY, patchListedChannel, useChannels } from './api/get-channels';
export { useMarkChannelRead } from './api/mark-channel-read';
export { membersTab } from './channel-tabs';
export { ArchivedChannelNotice } from './components/channel-archive';
export { ChannelView } from './components/channel-view';
export { ChannelsWorkspace } from './components/channels-workspace';
export { MessagesHome } from './components/messages-home';
export { useChannelEvents } from './hooks/use-channel-events';
export { joinChannel } from './lib/join-channel';
export { keepChannels } from './offline-keep';
export { channelsSection, directMessagesSection } from './sidebar-sections';
