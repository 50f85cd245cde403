import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * What a channel holds — its messages — as the channel lists and the channel view need it,
 * without the channels feature naming messages (messages uses channels, never the reverse):
 * the messages feature exports a `ChannelContent`, app/ provides it (signed-in-shell.tsx), as
 * it does the message extensions (lib/message-extensions.tsx).
 */
export interface ChannelContent {
  /**
   * Loads a channel's newest page ahead of a likely visit, fresh for a while: a sidebar item
   * under the pointer or the focus, the first unread channels once the page is idle.
   */
  prefetch: (queryClient: QueryClient, channelId: string) => void;
  /** Starts loading the newest page of a channel being opened, unless the cache has it. */
  prefetchOpening: (queryClient: QueryClient, channelId: string) => void;
  /** Beside a channel in the sidebar: its mark while an unsent draft waits there. */
  DraftMark: ComponentType<{ channelId: string }>;
}

/** Outside the signed-in shell (component tests of bare lists): nothing ahead, no marks. */
const NO_CONTENT: ChannelContent = {
  prefetch: () => undefined,
  prefetchOpening: () => undefined,
  DraftMark: () => null,
};

const ChannelContentContext = createContext<ChannelContent>(NO_CONTENT);

export const ChannelContentProvider = ChannelContentContext.Provider;

export function useChannelContent(): ChannelContent {
  return useContext(ChannelContentContext);
}
