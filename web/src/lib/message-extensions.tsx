import type { LucideIcon } from 'lucide-react';
import { type ComponentType, createContext, useContext } from 'react';
import type { Message } from '#shared/messages';

/**
 * The message extension points (docs/architecture.md, "Web"): what other features show in and
 * around a message without the messages feature naming them. A feature exports a
 * `MessageExtension`; app/shell/message-extensions.ts lists them and provides the list, as it
 * does for the sidebar's sections and the channel's tabs (lib/shell.ts).
 */

export interface MessageExtensionProps {
  message: Message;
}

/** An entry of a message's menu (toolbar and phone sheet), and the dialog it opens. */
export interface MessageAction {
  id: string;
  /** Catalogue key of the entry's text. */
  labelKey: string;
  icon: LucideIcon;
  /** Rendered once the entry is chosen; may load on demand (it suspends). */
  Dialog: ComponentType<{ message: Message; onClose: () => void }>;
}

export interface MessageExtension {
  id: string;
  /** Under the message's text: what the message carries (the files' thumbnails and cards). */
  Attachments?: ComponentType<MessageExtensionProps>;
  /** Under the message, above its reactions (the lists of the tasks made from it). */
  Chips?: ComponentType<MessageExtensionProps>;
  actions?: readonly MessageAction[];
}

const MessageExtensionsContext = createContext<readonly MessageExtension[]>([]);

/** Provided by app/ around the signed-in screens; none outside it (tests render bare messages). */
export const MessageExtensionsProvider = MessageExtensionsContext.Provider;

export function useMessageExtensions(): readonly MessageExtension[] {
  return useContext(MessageExtensionsContext);
}
