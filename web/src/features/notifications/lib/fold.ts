import type { Message } from '#shared/messages';
import { foldMessage } from '#shared/notification-fold';
import type { Notification } from '#shared/notifications';

/** Messages held per channel, at most, and for how long (ms). */
const HELD_MAX = 100;
const HELD_MS = 60_000;

/**
 * The new messages that fold into an unread "new messages" item the list does not have yet
 * (docs/notifications.md, "Channel messages fold"). The server makes the item after the
 * message's commit, so a channel's next messages can arrive before the item does: they are
 * held here, and folded into it when it comes (the server folded them silently). Held
 * messages of a channel whose item never comes (silenced) are forgotten after HELD_MS.
 */
export class HeldFolds {
  private readonly held = new Map<string, Array<{ message: Message; at: number }>>();

  constructor(private readonly now: () => number = Date.now) {}

  hold(message: Message): void {
    const since = this.now() - HELD_MS;
    const list = (this.held.get(message.channelId) ?? []).filter((h) => h.at > since);
    list.push({ message, at: this.now() });
    this.held.set(message.channelId, list.slice(-HELD_MAX));
  }

  /**
   * A new item of a channel (count 1 or more, from its first message), with the messages held
   * after that one folded in. Forgets the channel's held messages.
   */
  complete(item: Notification): Notification {
    if (!item.channelId) return item;
    const list = this.held.get(item.channelId);
    this.held.delete(item.channelId);
    const from = list?.findIndex((h) => h.message.id === item.messageId) ?? -1;
    if (!list || from < 0) return item;
    return list.slice(from + 1).reduce((folded, h) => foldMessage(folded, h.message), item);
  }
}
