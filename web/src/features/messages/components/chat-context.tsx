import { createContext, useContext } from 'react';
import type { Channel } from '#shared/channels';
import type { Message } from '#shared/messages';
import type { User } from '#shared/users';

/** What every message row of one channel view needs, without threading it through props. */
export interface ChatContextValue {
  channel: Pick<Channel, 'id' | 'name' | 'type' | 'directUser'> &
    Partial<Pick<Channel, 'archivedAt' | 'role'>>;
  me: User;
  /** Channel members by user id (names for reactions and mentions). */
  members: ReadonlyMap<string, User>;
  openThread: (message: Message) => void;
  retrySend: (clientId: string) => void;
  /** Slack's ↑ in an empty composer: the last own message opens in its editor. */
  editRequest: { messageId: string; nonce: number } | null;
  requestEdit: (messageId: string) => void;
  discardSend: (clientId: string) => void;
  /** Escape in the message list, the skip link: to the channel's composer. */
  focusComposer: () => void;
}

export const ChatContext = createContext<ChatContextValue | null>(null);

export function useChat(): ChatContextValue {
  const value = useContext(ChatContext);
  if (!value) throw new Error('useChat outside <ChatContext>');
  return value;
}
