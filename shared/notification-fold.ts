/**
 * Channel messages fold into one « new messages » item per channel (docs/notifications.md).
 * Kept apart from notifications.ts, which builds zod schemas: the web's first load folds
 * messages as they arrive and must not bring zod along (web/src/app/bundle-budget.test.ts).
 */
import { NOTIFICATION_EXCERPT_MAX } from './limits';
import type { Message } from './messages';
import type { Notification } from './notifications';
import { userDisplayName } from './user-names';

/**
 * Whether `message` folds into `me`'s unread "new messages" item of its channel, when that
 * item exists: not their own, not a reply, not a mention of them (those are items of their
 * own). The server sends no event for a fold: every socket of the owner had the message
 * (`new_message`), and the client folds it itself (docs/notifications.md, "Channel messages
 * fold").
 */
export function foldsInto(message: Message, me: string): boolean {
  return (
    message.userId !== me && message.parentMessageId === null && !message.mentions.includes(me)
  );
}

/**
 * The item after `message` folded into it: what the server's statement makes of the row —
 * one more, saying the latest message (excerpt, author); its time, place in the list and
 * `messageId` stay those of the message that started it.
 */
export function foldMessage(item: Notification, message: Message): Notification {
  return {
    ...item,
    count: item.count + 1,
    content: message.content.slice(0, NOTIFICATION_EXCERPT_MAX),
    triggeredBy: {
      id: message.user.id,
      name: userDisplayName(message.user),
      profileImageUrl: message.user.profileImageUrl,
    },
  };
}
