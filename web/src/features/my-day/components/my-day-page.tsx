import {
  AlarmClockIcon,
  AtSignIcon,
  CalendarDaysIcon,
  ListTodoIcon,
  MessageCircleIcon,
  MessagesSquareIcon,
  SunIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyDay } from '../api/get-my-day';
import { formatLongDate } from '../lib/format';
import { useMyDayEvents } from '../lib/use-my-day-events';
import { EventItem, MessageItem, ReminderItem, TaskItem, ThreadItem } from './day-items';
import { DaySection } from './day-section';
import { MyDayEmailSwitch } from './my-day-email-switch';

/** /ma-journee (docs/product.md, « Ma journée »): the person's day, kept live. */
export function MyDayPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useMyDay();
  useMyDayEvents(userId);
  const day = query.data;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 content-start gap-4 px-4 py-6 sm:px-6">
      <header className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <SunIcon aria-hidden className="size-5" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <h1 className="font-bold text-xl tracking-tight">{t('myDay.title')}</h1>
          <p className="text-muted-foreground text-sm first-letter:uppercase">
            {day ? formatLongDate(day.date) : t('myDay.loading')}
          </p>
        </div>
      </header>
      <MyDayEmailSwitch timeZone={day?.timeZone} />
      {query.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={t('myDay.loading')}
          className="grid gap-3 md:grid-cols-2"
        >
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : !day ? (
        <p className="text-muted-foreground text-sm">{t('myDay.loadError')}</p>
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <DaySection
            icon={CalendarDaysIcon}
            title={t('myDay.sections.events')}
            total={day.totals.events}
            shown={day.events.length}
            empty={t('myDay.empty.events')}
            seeAll={day.seeAll.events}
          >
            {day.events.map((e) => (
              <EventItem key={e.id} event={e} timeZone={day.timeZone} />
            ))}
          </DaySection>
          <DaySection
            icon={ListTodoIcon}
            title={t('myDay.sections.tasks')}
            total={day.totals.tasks}
            shown={day.tasks.length}
            empty={t('myDay.empty.tasks')}
            seeAll={day.seeAll.tasks}
          >
            {day.tasks.map((task) => (
              <TaskItem key={task.id} task={task} />
            ))}
          </DaySection>
          <DaySection
            icon={AtSignIcon}
            title={t('myDay.sections.mentions')}
            total={day.totals.mentions}
            shown={day.mentions.length}
            empty={t('myDay.empty.mentions')}
            seeAll={day.seeAll.mentions}
          >
            {day.mentions.map((m) => (
              <MessageItem key={m.notificationId} item={m} timeZone={day.timeZone} />
            ))}
          </DaySection>
          <DaySection
            icon={MessageCircleIcon}
            title={t('myDay.sections.directMessages')}
            total={day.totals.directMessages}
            shown={day.directMessages.length}
            empty={t('myDay.empty.directMessages')}
            seeAll={day.seeAll.directMessages}
          >
            {day.directMessages.map((m) => (
              <MessageItem key={m.notificationId} item={m} timeZone={day.timeZone} />
            ))}
          </DaySection>
          <DaySection
            icon={MessagesSquareIcon}
            title={t('myDay.sections.threads')}
            total={day.totals.threads}
            shown={day.threads.length}
            empty={t('myDay.empty.threads')}
            seeAll={day.seeAll.threads}
          >
            {day.threads.map((thread) => (
              <ThreadItem key={thread.parentMessageId} thread={thread} />
            ))}
          </DaySection>
          <DaySection
            icon={AlarmClockIcon}
            title={t('myDay.sections.reminders')}
            total={day.totals.reminders}
            shown={day.reminders.length}
            empty={t('myDay.empty.reminders')}
            seeAll={day.seeAll.reminders}
          >
            {day.reminders.map((r) => (
              <ReminderItem key={r.id} reminder={r} timeZone={day.timeZone} />
            ))}
          </DaySection>
        </div>
      )}
    </div>
  );
}
