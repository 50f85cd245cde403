/**
 * Voice channels: the session that lives in the app shell (its host and bar), who is in the
 * voice of each channel (the sidebar's lists), and the channel header's voice chat action.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export { voiceChatAction } from './channel-header-actions';
export { useVoiceBarShown, VoiceBar } from './components/voice-bar';
export { VoiceChannelMembers } from './components/voice-channel-members';
export { VoiceSessionHost } from './components/voice-session-host';
export { leaveVoiceChannel } from './lib/voice-actions';
export { getVoiceState, subscribeVoice } from './lib/voice-store';
