import type { Message } from '#shared/messages';
import { userDisplayName } from '#shared/user-names';
import { findUserById } from '../../auth/users';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/store-gate';
import type { EventBus } from '../../events/bus';
import type { Realtime } from '../../realtime/realtime';
import { findChannelForUser } from '../channels/queries';
import type { Deps } from '../deps';
import {
  type ChannelContext,
  notifyAdded,
  notifyEditMentions,
  notifyFriend,
  notifyMessage,
  notifyPersonal,
  notifyPlainRuns,
  notifyReaction,
} from './create';
import { type Delivery, deliver, type HoldStep, type NotificationSink, send } from './deliver';
import { type HoldContext, holdPolicyOf, setReleaser } from './hold';
import { createDefaultPreferences } from './preferences';
import { findPresented } from './presenter';
import {
  type ChannelRead,
  countUnreadOf,
  forgetChannel,
  forgetMessages,
  markChannelNotificationsRead,
} from './service';

interface SubscriberDeps {
  db: Db;
  realtime: Realtime;
  events: EventBus;
  log: Deps['log'];
}

/**
 * Notifications are made by domain-event subscribers, after the event's commit and off the
 * request that caused it (the bus never awaits them): a send answers as fast with 1,000
 * members as with 2. A failure is logged by the bus, never felt by the sender.
 */
export function subscribeNotifications(
  deps: SubscriberDeps,
  sinks: NotificationSink[],
  readersOf: (channelId: string) => string[] = () => [],
): void {
  // A new account gets its preferences in its own transaction (auth/new-account.ts).
  deps.events.within('userCreated', (tx, { userId }) => createDefaultPreferences(tx, userId));
  const serial = new KeyedSerial();
  queues.set(deps.events, serial);
  // The hold policy registered on this app (hold.ts), looked up at each batch: the feature
  // that registers it may do so after this one subscribed.
  const holdFor =
    (context: HoldContext): HoldStep =>
    async (items) => {
      const policy = holdPolicyOf(deps.events);
      return policy ? policy(items, context) : new Set<string>();
    };
  const ordinary = holdFor({ immediate: false });
  setReleaser(deps.events, async (ids) => {
    const items = (await findPresented(deps.db, ids)).filter((i) => !i.notification.read);
    if (items.length === 0) return [];
    const counts = await countUnreadOf(deps.db, [...new Set(items.map((i) => i.userId))]);
    for (const sink of sinks) sink(items);
    return items.map((i) => ({
      userId: i.userId,
      notificationId: i.notification.id,
      unreadCount: counts.get(i.userId) ?? 0,
    }));
  });
  const channelOf = (memberId: string, channelId: string) =>
    findChannelForUser(deps.db, memberId, channelId);
  const nameOf = async (userId: string) =>
    userDisplayName(await findUserById(deps.db, userId)) ?? null;

  // The channel's name and type come with the message, from the statement that stored it:
  // looking them up again was one more statement a message (docs/performance-log.md, capacity,
  // "2026-11-28, 18:30").
  // A run of messages notified by notifyMessage: a single one, or plain messages of one
  // author (`joinsRun`) notified with the first, their pushes saying the latest.
  const notifyRun = async (run: NewMessage[]) => {
    const [first] = run as [NewMessage];
    const latest = run.at(-1) as NewMessage;
    const readers = readersOf(first.message.channelId);
    const hold = holdFor({ immediate: first.message.urgent === true });
    const rows = await notifyMessage(
      deps.db,
      first.message,
      first.channel,
      readers,
      latest.message,
    );
    await send(deps, rows, sinks, hold);
  };
  // The new messages of one moment (one event-loop turn: a store batch's sends), of any
  // channels, are notified together: each channel's first run of plain messages in one
  // statement for all channels (notifyPlainRuns), then each channel's other runs in order
  // (docs/notifications.md, "Many messages at once").
  const notifyNew = async (created: NewMessage[]) => {
    const byChannel = new Map<string, NewMessage[][]>();
    for (const item of created) {
      const runs = byChannel.get(item.message.channelId) ?? [];
      const last = runs.at(-1);
      if (last && joinsRun(last.at(-1) as NewMessage, item)) last.push(item);
      else runs.push([item]);
      byChannel.set(item.message.channelId, runs);
    }
    const firsts = [...byChannel.values()].flatMap((runs) =>
      plain(runs[0]?.[0] as NewMessage) ? [runs.shift() as NewMessage[]] : [],
    );
    if (firsts.length > 0) {
      const plainRuns = firsts.map((run) => {
        const first = run[0] as NewMessage;
        return {
          first: first.message,
          latest: (run.at(-1) as NewMessage).message,
          channel: first.channel,
          readers: readersOf(first.message.channelId),
        };
      });
      let rows: Delivery[] | undefined;
      try {
        rows = await notifyPlainRuns(deps.db, plainRuns);
      } catch (err) {
        // Nothing of a failed statement was written (a deadlock with another node's, say):
        // each run on its own, so that only a faulty one fails.
        deps.log.warn({ err }, 'channel messages not notified together: one run at a time');
        await Promise.all(firsts.map((run) => notifyRun(run)));
      }
      // Outside the retry: what the statement wrote is sent once, whatever sending meets.
      if (rows) await send(deps, rows, sinks, ordinary);
    }
    await Promise.all(
      [...byChannel.values()].map(async (runs) => {
        for (const run of runs) await notifyRun(run);
      }),
    );
  };
  deps.events.on('messageCreated', (created) =>
    serial.batchAcross(created.message.channelId, created, notifyNew),
  );

  // An edit that mentions someone new notifies them, once (Slack does).
  deps.events.on('messageUpdated', ({ message, previousMentions }) =>
    serial.run(message.channelId, async () => {
      const before = new Set(previousMentions);
      const added = message.mentions.filter((id) => !before.has(id));
      if (added.length === 0) return;
      const channel = await channelOf(message.userId, message.channelId);
      if (!channel) return;
      const ids = await notifyEditMentions(deps.db, message, added, channel);
      await deliver(deps, ids, sinks, holdFor({ immediate: message.urgent === true }));
    }),
  );

  // A deleted message (and its replies) takes its notifications with it, live.
  deps.events.on('messageDeleted', ({ channelId, deletedIds }) =>
    serial.run(channelId, () => forgetMessages(deps, deletedIds)),
  );

  deps.events.on('reactionAdded', (event) =>
    serial.run(event.channelId, async () => {
      if (event.authorId === event.userId) return;
      const deliveries = await notifyReaction(deps.db, event, event.channel, event.actorName);
      await send(deps, deliveries, sinks, ordinary);
    }),
  );

  deps.events.on('memberAdded', ({ channelId, userId, by }) =>
    serial.run(channelId, async () => {
      if (!by || by === userId) return;
      const channel = await channelOf(userId, channelId);
      if (!channel) return;
      const actorName = await nameOf(by);
      const ids = await notifyAdded(deps.db, { channelId, userId, by }, channel, actorName);
      await deliver(deps, ids, sinks, ordinary);
    }),
  );

  deps.events.on('friendRequestSent', ({ fromUserId, toUserId }) =>
    serial.run(`friends:${toUserId}`, async () => {
      const actorName = await nameOf(fromUserId);
      const type = 'friend_request' as const;
      await deliver(
        deps,
        await notifyFriend(deps.db, { userId: toUserId, by: fromUserId, type }, actorName),
        sinks,
        ordinary,
      );
    }),
  );
  deps.events.on('friendRequestAccepted', ({ fromUserId, toUserId }) =>
    serial.run(`friends:${fromUserId}`, async () => {
      const actorName = await nameOf(toUserId);
      const type = 'friend_accepted' as const;
      await deliver(
        deps,
        await notifyFriend(deps.db, { userId: fromUserId, by: toUserId, type }, actorName),
        sinks,
        ordinary,
      );
    }),
  );

  // A due reminder, a scheduled message that could not go: written in the transaction that
  // marks it delivered (features/reminders/delivery.ts), sent once that commits — at once,
  // whatever the hour: its owner asked for it then.
  deps.events.within('personalNoticeDue', async (tx, notice) => {
    notice.written.push(...(await notifyPersonal(tx, notice)));
  });
  deps.events.on('personalNoticeWritten', ({ notificationIds }) =>
    inBackground(() => deliver(deps, notificationIds, sinks)),
  );

  // Reading a channel reads what it notified (Slack: the badge follows what you have seen).
  // The reads of one moment, of any channels, are read in one statement.
  const readChannels = (reads: ChannelRead[]) => markChannelNotificationsRead(deps, reads);
  deps.events.on('channelRead', ({ channelId, userId }) =>
    serial.batchAcross(channelId, { channelId, userId }, readChannels),
  );

  deps.events.on('memberRemoved', ({ channelId, userId }) =>
    serial.run(channelId, () => forgetChannel(deps.db, userId, channelId)),
  );
}

interface NewMessage {
  message: Message;
  channel: ChannelContext;
}

/** Folds for every member the way the one before it does, and so may share its statement. */
const plain = ({ message, channel }: NewMessage) =>
  channel.type !== 'direct' &&
  !message.parentMessageId &&
  message.mentions.length === 0 &&
  message.urgent !== true;

const joinsRun = (before: NewMessage, next: NewMessage) =>
  plain(before) && plain(next) && before.message.userId === next.message.userId;

/**
 * The work of one channel's events runs one after another, in publish order: a coalesced
 * item's count reaches sockets in order, and a removal is not overtaken by a message sent
 * before it. Different channels run side by side.
 */
class KeyedSerial {
  private readonly tails = new Map<string, Promise<void>>();
  /** The batch items of any key may still join: until it starts, or another replaces it. */
  private open: Batch<unknown> | undefined;

  run(key: string, work: () => Promise<void>): Promise<void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // Below requests at the store's gate: notifications never take the connections that
    // pages wait for (db/store-gate.ts; docs/performance-log.md,
    // capacity, "2026-11-26: measured again").
    const next = previous.catch(() => {}).then(() => inBackground(work));
    this.follow(key, next);
    return next;
  }

  /**
   * Queue `work` for `item` of `key`, together with the items of any keys that join it in the
   * same event-loop turn: one call of `work` for all of them (docs/performance-log.md, capacity,
   * "2026-11-28, 03:20"). The batch runs after what each of its keys had queued when it
   * joined, and what a key queues after waits for it; an item whose key queued other work
   * after the batch, or of another `work`, opens a batch of its own.
   */
  batchAcross<T>(key: string, item: T, work: (items: T[]) => Promise<void>): Promise<void> {
    let batch = this.open as Batch<T> | undefined;
    if (
      !batch ||
      batch.work !== work ||
      (batch.keys.has(key) && this.tails.get(key) !== batch.done)
    ) {
      batch = this.openBatch(work);
    }
    if (!batch.keys.has(key)) {
      batch.keys.add(key);
      const previous = this.tails.get(key);
      if (previous) batch.before.push(previous);
      this.follow(key, batch.done);
    }
    batch.items.push(item);
    return batch.done;
  }

  private openBatch<T>(work: (items: T[]) => Promise<void>): Batch<T> {
    let start = () => {};
    const started = new Promise<void>((resolve) => {
      start = resolve;
    });
    const batch: Batch<T> = {
      work,
      items: [],
      keys: new Set(),
      before: [],
      done: started
        .then(() => Promise.allSettled(batch.before))
        .then(() => inBackground(() => work(batch.items))),
    };
    this.open = batch as Batch<unknown>;
    setImmediate(() => {
      if (this.open === (batch as Batch<unknown>)) this.open = undefined;
      start();
    });
    return batch;
  }

  /** `next` is the key's last work until another is queued on it. */
  private follow(key: string, next: Promise<void>): void {
    this.tails.set(key, next);
    const forget = () => {
      if (this.tails.get(key) === next) this.tails.delete(key);
    };
    next.then(forget, forget);
  }

  /** Resolves once every queued piece of work has finished (what tests wait for). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.allSettled([...this.tails.values()]);
  }
}

interface Batch<T> {
  work: (items: T[]) => Promise<void>;
  items: T[];
  keys: Set<string>;
  /** What its keys had queued when they joined: the batch runs after all of it. */
  before: Promise<void>[];
  done: Promise<void>;
}

const queues = new WeakMap<EventBus, KeyedSerial>();

/** Once the notifications of every event published so far on this bus are made and sent. */
export async function notificationsSettled(events: EventBus): Promise<void> {
  await queues.get(events)?.idle();
}
