import {
  MY_DAY_SECTION_MAX,
  type MyDay,
  type MyDayEvent,
  type MyDayMessage,
  type MyDayReminder,
  type MyDayTask,
  type MyDayThread,
} from '#shared/my-day';
import type { Notification } from '#shared/notifications';
import { userDisplayName } from '#shared/user-names';
import type { Db } from '../../db/client';
import { listDueTasks } from '../boards/due-tasks';
import { listEventsOfDay } from '../calendar/day-events';
import { listUnreadThreads } from '../messages/threads';
import { listUnreadOfType } from '../notifications/service';
import { getTimeZone, listRemindersBetween } from '../reminders/service';
import { dateIn, dayBounds } from './day';

const EXCERPT_MAX = 200;
const messageHref = (channelId: string, messageId: string | null) =>
  messageId ? `/channel/${channelId}?message=${messageId}` : `/channel/${channelId}`;

function fromNotification(n: Notification): MyDayMessage {
  return {
    notificationId: n.id,
    messageId: n.messageId,
    channelId: n.channelId,
    channelName: n.channelName,
    channelType: n.channelType,
    author: n.triggeredBy,
    excerpt: n.content,
    createdAt: n.createdAt,
    href: n.channelId ? messageHref(n.channelId, n.messageId) : '/',
  };
}

/**
 * « Ma journée » (docs/product.md, « Ma journée »): `userId`'s day `date` (default: today in
 * their time zone), each section read through the feature that owns it, all at once.
 */
export async function getMyDay(db: Db, userId: string, date?: string): Promise<MyDay> {
  const { timeZone } = await getTimeZone(db, userId);
  const day = dayBounds(date ?? dateIn(timeZone), timeZone);
  const max = MY_DAY_SECTION_MAX;
  const [events, tasks, mentions, directMessages, threads, reminders] = await Promise.all([
    listEventsOfDay(db, userId, day, max),
    listDueTasks(db, userId, day.date, max),
    listUnreadOfType(db, userId, 'mention', max),
    listUnreadOfType(db, userId, 'direct_message', max),
    listUnreadThreads(db, userId, max),
    listRemindersBetween(db, userId, day, max),
  ]);
  return {
    date: day.date,
    timeZone,
    events: events.events.map(
      (e): MyDayEvent => ({
        id: e.id,
        title: e.title,
        startTime: e.startTime,
        endTime: e.endTime,
        allDay: e.allDay,
        location: e.location,
        source: e.externalSource ?? 'ruche',
        href: `/calendar?date=${day.date}&event=${e.id}`,
      }),
    ),
    tasks: tasks.tasks.map(
      (t): MyDayTask => ({
        ...t,
        overdue: t.dueDate < day.date,
        href: `/channel/${t.channelId}?tab=board&board=${t.boardId}&task=${t.id}`,
      }),
    ),
    mentions: mentions.notifications.map(fromNotification),
    directMessages: directMessages.notifications.map(fromNotification),
    threads: threads.threads.map(
      ({ parent, channelName, channelType, unreadCount, lastReplyAt }): MyDayThread => ({
        parentMessageId: parent.id,
        channelId: parent.channelId,
        channelName,
        channelType,
        author: {
          id: parent.user.id,
          name: userDisplayName(parent.user),
          profileImageUrl: parent.user.profileImageUrl,
        },
        excerpt: parent.content.slice(0, EXCERPT_MAX),
        unreadCount,
        lastReplyAt,
        href: messageHref(parent.channelId, parent.id),
      }),
    ),
    reminders: reminders.reminders.map(
      (r): MyDayReminder => ({
        id: r.id,
        dueAt: r.dueAt,
        excerpt: r.excerpt,
        channelId: r.channelId,
        channelName: r.channelName,
        channelType: r.channelType,
        delivered: r.deliveredAt !== null,
        href: r.channelId ? messageHref(r.channelId, r.messageId) : '/rappels',
      }),
    ),
    totals: {
      events: events.total,
      tasks: tasks.total,
      mentions: mentions.total,
      directMessages: directMessages.total,
      threads: threads.total,
      reminders: reminders.total,
    },
    seeAll: {
      events: '/calendar',
      tasks: '/calendar',
      mentions: null,
      directMessages: null,
      threads: '/threads',
      reminders: '/rappels',
    },
  };
}
