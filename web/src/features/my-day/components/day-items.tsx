import { CheckIcon, CircleCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type {
  MyDayEvent,
  MyDayMessage,
  MyDayReminder,
  MyDayTask,
  MyDayThread,
} from '#shared/my-day';
import { IconButton } from '@/components/ui/icon-button';
import { toastFailure } from '@/lib/toast-failure';
import { useCompleteTask, useMarkNotificationRead } from '../api/act';
import { formatShortDate, formatTime, placeOf } from '../lib/format';
import { DayItem as DayRow } from './day-section';

const meta = 'truncate text-muted-foreground text-xs';

export function EventItem({ event, timeZone }: { event: MyDayEvent; timeZone: string }) {
  const { t } = useTranslation();
  const when = event.allDay
    ? t('myDay.allDay')
    : `${formatTime(event.startTime, timeZone)} – ${formatTime(event.endTime, timeZone)}`;
  const source = event.source === 'ruche' ? null : t(`myDay.source.${event.source}`);
  return (
    <DayRow href={event.href} label={`${when} ${event.title}`}>
      <span className="truncate font-medium">
        <span className="mr-2 text-muted-foreground tabular-nums">{when}</span>
        {event.title}
      </span>
      {event.location || source ? (
        <span className={meta}>{[event.location, source].filter(Boolean).join(' · ')}</span>
      ) : null}
    </DayRow>
  );
}

export function TaskItem({ task }: { task: MyDayTask }) {
  const { t } = useTranslation();
  const complete = useCompleteTask();
  const due = task.overdue
    ? t('myDay.overdue', { date: formatShortDate(task.dueDate) })
    : t('myDay.dueToday');
  return (
    <DayRow
      href={task.href}
      label={task.title}
      action={
        <IconButton
          size="icon-sm"
          label={t('myDay.complete', { title: task.title })}
          disabled={complete.isPending}
          onClick={() =>
            complete.mutate(task.id, {
              onError: (err) =>
                toastFailure(err, t('myDay.completeFailed'), t('myDay.completeFailed')),
            })
          }
        >
          <CircleCheckIcon aria-hidden />
        </IconButton>
      }
    >
      <span className="truncate font-medium">{task.title}</span>
      <span className={meta}>
        <span className={task.overdue ? 'text-destructive' : undefined}>{due}</span>
        {' · '}
        {task.boardName} · {task.listName}
        {task.channelName ? ` · #${task.channelName}` : ''}
      </span>
    </DayRow>
  );
}

export function MessageItem({ item, timeZone }: { item: MyDayMessage; timeZone: string }) {
  const { t } = useTranslation();
  const markRead = useMarkNotificationRead();
  const who = item.author?.name ?? t('myDay.someone');
  const place = placeOf(item);
  return (
    <DayRow
      href={item.href}
      label={t('myDay.messageLabel', { who, text: item.excerpt ?? '' })}
      action={
        <IconButton
          size="icon-sm"
          label={t('myDay.markRead')}
          disabled={markRead.isPending}
          onClick={() =>
            markRead.mutate(item.notificationId, {
              onError: (err) =>
                toastFailure(err, t('myDay.markReadFailed'), t('myDay.markReadFailed')),
            })
          }
        >
          <CheckIcon aria-hidden />
        </IconButton>
      }
    >
      <span className="truncate">
        <span className="font-medium">{who}</span>
        {place ? <span className="text-muted-foreground"> · {place}</span> : null}
        <span className="text-muted-foreground"> · {formatTime(item.createdAt, timeZone)}</span>
      </span>
      {item.excerpt ? (
        <span className="line-clamp-2 break-words text-sm">{item.excerpt}</span>
      ) : null}
    </DayRow>
  );
}

export function ThreadItem({ thread }: { thread: MyDayThread }) {
  const { t } = useTranslation();
  const place = placeOf(thread);
  return (
    <DayRow href={thread.href} label={thread.excerpt}>
      <span className="line-clamp-2 break-words font-medium">{thread.excerpt}</span>
      <span className={meta}>
        {t('myDay.newReplies', { count: thread.unreadCount })}
        {place ? ` · ${place}` : ''}
      </span>
    </DayRow>
  );
}

export function ReminderItem({
  reminder,
  timeZone,
}: {
  reminder: MyDayReminder;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const text = reminder.excerpt ?? t('myDay.aMessage');
  const place = placeOf(reminder);
  return (
    <DayRow href={reminder.href} label={`${formatTime(reminder.dueAt, timeZone)} ${text}`}>
      <span className="truncate">
        <span className="mr-2 text-muted-foreground tabular-nums">
          {formatTime(reminder.dueAt, timeZone)}
        </span>
        <span className="font-medium">{text}</span>
      </span>
      <span className={meta}>
        {reminder.delivered ? t('myDay.reminderDone') : t('myDay.reminderToCome')}
        {place ? ` · ${place}` : ''}
      </span>
    </DayRow>
  );
}
