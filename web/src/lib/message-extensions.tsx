import type { LucideIcon } from 'lucide-react';
import { type ClipboardEvent, type ComponentType, createContext, useContext } from 'react';
import type { Attachment, Message } from '#shared/messages';

/**
 * The message extension points (docs/architecture.md, "Web"): what other features show in and
 * around a message without the messages feature naming them. A feature exports a
 * `MessageExtension`; app/shell/message-extensions.ts lists them and provides the list, as it
 * does for the sidebar's sections and the channel's tabs (lib/shell.ts).
 */

export interface MessageExtensionProps {
  message: Message;
}

/** What an entry that acts at once says and does for one message (MessageAction.useEntry). */
export interface MessageActionEntry {
  /** Catalogue key of the entry's text for this message (« Épingler » or « Désépingler »). */
  labelKey: string;
  icon: LucideIcon;
  /** Chosen: what it does, at once, instead of opening a dialog. */
  run: () => void;
  /** Not offered for this message (the reader may not do it). */
  hidden?: boolean;
}

/** An entry of a message's menu (toolbar and phone sheet), and the dialog it opens. */
export interface MessageAction {
  id: string;
  /** Catalogue key of the entry's text. */
  labelKey: string;
  icon: LucideIcon;
  /** Rendered once the entry is chosen; may load on demand (it suspends). */
  Dialog?: ComponentType<{ message: Message; onClose: () => void }>;
  /**
   * An entry that acts at once (pin, save): a hook giving its text, icon and action for the
   * message, called by the menu on each render (the registered list never changes).
   */
  useEntry?: (message: Message) => MessageActionEntry;
}

const noEntry = (): null => null;

/** The entry's state for this message: what useEntry says, or null for a dialog's entry. */
export function useMessageActionEntry(
  action: MessageAction,
  message: Message,
): MessageActionEntry | null {
  const useEntry = action.useEntry ?? noEntry;
  return useEntry(message);
}

/** What the composer needs of its attachments to send a message (docs/product.md §5). */
export interface ComposerAttachmentsState {
  /** Those ready to go with the message. */
  attachments: Attachment[];
  /** One is still going up: the message waits for it. */
  busy: boolean;
  /** After a send: the composer starts empty. */
  clear: () => void;
  /** The text box's paste handler (pasted files become attachments). */
  onPaste: (event: ClipboardEvent) => void;
}

/**
 * What a composer carries besides its text (the files feature's uploads): a hook holding one
 * composer's state (no markup), and the parts the composer places, each given that state.
 */
export interface ComposerAttachments<
  S extends ComposerAttachmentsState = ComposerAttachmentsState,
> {
  /** Called by every composer on each render (the registered list never changes). */
  useAttachments: (channelId: string, options: { acceptDrops: boolean }) => S;
  /** Over the page while something is dragged in (the channel's main composer only). */
  Overlay: ComponentType<{ state: S }>;
  /** Above the text box: what is going up or ready. */
  Pending: ComponentType<{ state: S }>;
  /** In the toolbar, before the emoji button (the paperclip). */
  Button: ComponentType<{ state: S }>;
}

/**
 * A feature's composer parts, for its `MessageExtension`: each part is given the state its own
 * hook made, so the feature's state may say more than the composer reads.
 */
export function composerAttachments<S extends ComposerAttachmentsState>(
  parts: ComposerAttachments<S>,
): ComposerAttachments {
  return parts as unknown as ComposerAttachments;
}

/** Where a composer is: what its send options and commands are given. */
export interface ComposerPlace {
  channelId: string;
  parentMessageId: string | null;
}

/**
 * `/name args` typed in the composer (`/rappel demain 9h appeler Paul`): run instead of a send;
 * the composer empties when it resolves true, and keeps the text otherwise.
 */
export interface ComposerCommand {
  name: string;
  run: (args: string, place: ComposerPlace) => Promise<boolean>;
}

/** Beside the send button (« Programmer l’envoi »): the text to send, and `done` empties the composer. */
export type ComposerSendOption = ComponentType<
  ComposerPlace & { text: string; disabled: boolean; done: () => void }
>;

/**
 * Above the composer's box (the right to disconnect's warning): whom the draft addresses and
 * what it says, to warn before it goes, schedule it instead, or send it marked urgent.
 */
export interface ComposerNoticeProps extends ComposerPlace {
  /** The other person of a direct conversation, and the members the draft @mentions. */
  recipients: readonly string[];
  /** The draft, trimmed. */
  text: string;
  /** The draft can be sent later as it is (text only: no file attached or going up). */
  schedulable: boolean;
  /** Empties the composer (the draft was scheduled). */
  done: () => void;
  /** Sends the draft now, marked urgent (`urgent: true`), and empties the composer. */
  sendUrgent: () => void;
}

export interface MessageExtension {
  id: string;
  /** In the composer: what a message carries besides its text (the first extension that has it). */
  composer?: ComposerAttachments;
  /** Under the message's text: what the message carries (the files' thumbnails and cards). */
  Attachments?: ComponentType<MessageExtensionProps>;
  /** Under the message, above its reactions (the lists of the tasks made from it). */
  Chips?: ComponentType<MessageExtensionProps>;
  actions?: readonly MessageAction[];
  /** Composer commands this feature understands. */
  commands?: readonly ComposerCommand[];
  /** Beside the composer's send button. */
  SendOption?: ComposerSendOption;
  /** Above the composer's box: a warning about the draft's recipients. */
  ComposerNotice?: ComponentType<ComposerNoticeProps>;
  /** After the message's text, beside « (modifié) »: a mark the message carries (« Urgent »). */
  Mark?: ComponentType<MessageExtensionProps>;
}

const MessageExtensionsContext = createContext<readonly MessageExtension[]>([]);

/** Provided by app/ around the signed-in screens; none outside it (tests render bare messages). */
export const MessageExtensionsProvider = MessageExtensionsContext.Provider;

export function useMessageExtensions(): readonly MessageExtension[] {
  return useContext(MessageExtensionsContext);
}

const NOTHING_ATTACHED: ComposerAttachmentsState = {
  attachments: [],
  busy: false,
  clear: () => undefined,
  onPaste: () => undefined,
};
const NO_COMPOSER_PARTS: ComposerAttachments = {
  useAttachments: () => NOTHING_ATTACHED,
  Overlay: () => null,
  Pending: () => null,
  Button: () => null,
};

/** The commands and send options every extension brings to the composer. */
export function useComposerExtras(): {
  commands: readonly ComposerCommand[];
  sendOptions: readonly ComposerSendOption[];
  notices: readonly ComponentType<ComposerNoticeProps>[];
} {
  const extensions = useMessageExtensions();
  return {
    commands: extensions.flatMap((extension) => extension.commands ?? []),
    sendOptions: extensions.flatMap((extension) =>
      extension.SendOption ? [extension.SendOption] : [],
    ),
    notices: extensions.flatMap((extension) =>
      extension.ComposerNotice ? [extension.ComposerNotice] : [],
    ),
  };
}

/** The command `text` starts with (`/rappel …`), with what follows it; null otherwise. */
export function commandIn(
  commands: readonly ComposerCommand[],
  text: string,
): { command: ComposerCommand; args: string } | null {
  const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  const command = match && commands.find((c) => c.name === match[1]);
  return command ? { command, args: (match[2] ?? '').trim() } : null;
}

/**
 * One composer's attachments: the state it sends with, and the parts it places (nothing
 * attachable without an extension that brings them, as in tests of bare messages).
 */
export function useComposerAttachments(channelId: string, options: { acceptDrops: boolean }) {
  const parts =
    useMessageExtensions().find((extension) => extension.composer)?.composer ?? NO_COMPOSER_PARTS;
  return { parts, state: parts.useAttachments(channelId, options) };
}
