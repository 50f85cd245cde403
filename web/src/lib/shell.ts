import type { ComponentType } from 'react';
import type { ChannelWithMembers } from '#shared/channels';

/**
 * The app shell's extension points (docs/architecture.md: "the shell is assembled in app/ from what
 * features export"). A feature exports a descriptor of one of these shapes; app/shell/ lists
 * the descriptors in order, and the layout and the channel view render whatever is listed.
 */

/** Where the reader had read up to when a channel with unread messages was opened. */
export interface ReadPosition {
  /** Their lastReadAt then: messages by others after it were unread (all of them if null). */
  lastReadAt: string | null;
  /** The seq they had read up to then: a window opens there when more is unread than loaded. */
  lastReadSeq: number;
  /** The channel's last seq then: anything later came during the visit, read as it came. */
  lastSeq: number;
}

export interface ChannelTabPanelProps {
  channel: ChannelWithMembers;
  /**
   * The visit's read position (the unread line's anchor), kept across tab changes: null when
   * nothing was unread, undefined until the sidebar's list has come (a cold load).
   */
  readAtOpen: ReadPosition | null | undefined;
}

/** One tab of the channel view (docs/product.md §2: chat, board, files, members). */
export interface ChannelTab {
  /** The tab's value; unique among the registered tabs. */
  id: string;
  /** Catalogue key of the tab's label. */
  labelKey: string;
  /** Whether this channel has the tab (absent: every channel has it). */
  appliesTo?: (channel: ChannelWithMembers) => boolean;
  /** `fill`: the panel lays out its own scrolling (the chat); `scroll`: the panel scrolls. */
  layout: 'fill' | 'scroll';
  /** May be lazy: the channel view suspends around it. */
  Panel: ComponentType<ChannelTabPanelProps>;
}

/**
 * A button among the channel header's actions that another feature brings (the voice chat of
 * channels and groups): listed in app/shell/, rendered by the header where it applies.
 */
export interface ChannelHeaderAction {
  id: string;
  appliesTo: (channel: ChannelWithMembers) => boolean;
  Action: ComponentType<{ channel: ChannelWithMembers }>;
  /** Stays in the phone's one header row (a call, the voice chat); others fold under « ⋯ ». */
  phoneBar?: boolean;
}

export interface SidebarSectionSlotProps {
  /** Called after a selection, and before a dialog opens (the mobile menu closes). */
  onNavigate?: () => void;
}

/** One collapsible section of the sidebar (docs/product.md §2: "Canaux", "Messages directs", …). */
export interface SidebarSectionContribution {
  id: string;
  /** Catalogue key of the section's title (also its accessible name). */
  titleKey: string;
  /** Buttons beside the title (create, join with a code, …). */
  Actions?: ComponentType<SidebarSectionSlotProps>;
  Content: ComponentType<SidebarSectionSlotProps>;
}
