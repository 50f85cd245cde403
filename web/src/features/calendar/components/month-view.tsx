import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { fr } from 'date-fns/locale';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/calendar';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/utils';
import { coversDay, filterEvents } from '../lib/event-dates';
import { EventCard } from './event-card';

const SHOWN_PER_DAY = 3;
/** A phone's cell is too narrow for titles: a dot per event, this many at most. */
const DOTS_PER_DAY = 3;

interface MonthViewProps {
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  onCreate: (day: Date) => void;
}

/**
 * A month grid (weeks from Monday), as a Google Calendar user expects it. On a phone the cells
 * show a dot per event and pick a day, whose events are listed under the grid.
 */
export function MonthView({ events, onOpen, onCreate }: MonthViewProps) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [selected, setSelected] = useState(() => startOfDay(new Date()));
  const showMonth = (next: Date) => {
    setMonth(next);
    setSelected(isSameMonth(next, new Date()) ? startOfDay(new Date()) : next);
  };
  const first = startOfWeek(startOfMonth(month), { weekStartsOn: 1 });
  const last = endOfWeek(endOfMonth(month), { weekStartsOn: 1 });
  const days: Date[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  const sorted = filterEvents(events, 'all');
  const today = new Date();

  return (
    <section aria-label={format(month, 'MMMM yyyy', { locale: fr })} className="grid gap-3">
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-semibold text-lg capitalize">
          {format(month, 'MMMM yyyy', { locale: fr })}
        </h2>
        <Button variant="outline" size="sm" onClick={() => showMonth(startOfMonth(new Date()))}>
          {t('calendar.month.today')}
        </Button>
        <IconButton
          label={t('calendar.month.previous')}
          onClick={() => showMonth(addMonths(month, -1))}
        >
          <ChevronLeftIcon aria-hidden />
        </IconButton>
        <IconButton label={t('calendar.month.next')} onClick={() => showMonth(addMonths(month, 1))}>
          <ChevronRightIcon aria-hidden />
        </IconButton>
      </div>
      <div className="grid grid-cols-7 overflow-hidden rounded-lg border text-sm">
        {days.slice(0, 7).map((d) => (
          <div
            key={d.toISOString()}
            className="border-b bg-muted/40 px-2 py-1.5 text-center font-medium text-muted-foreground text-xs uppercase"
          >
            {format(d, 'EEE', { locale: fr })}
          </div>
        ))}
        {days.map((day) => {
          const dayEvents = sorted.filter((e) => coversDay(e, day));
          const label = format(day, 'd MMMM', { locale: fr });
          return (
            <div
              key={day.toISOString()}
              data-testid="month-day"
              className={cn(
                'group relative flex min-h-12 flex-col gap-0.5 border-e border-b p-0.5 last:border-e-0 sm:min-h-28 sm:p-1 [&:nth-child(7n)]:border-e-0',
                !isSameMonth(day, month) && 'bg-muted/20 text-muted-foreground',
              )}
            >
              <PhoneDay
                day={day}
                count={dayEvents.length}
                today={isSameDay(day, today)}
                selected={isSameDay(day, selected)}
                onSelect={() => setSelected(day)}
              />
              <button
                type="button"
                aria-label={t('calendar.month.addOn', { date: label })}
                onClick={() => onCreate(day)}
                className={cn(
                  'hidden size-6 cursor-pointer items-center justify-center self-start rounded-full text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:flex',
                  isSameDay(day, today) && 'bg-primary font-semibold text-primary-foreground',
                )}
              >
                {format(day, 'd')}
              </button>
              {dayEvents.slice(0, SHOWN_PER_DAY).map((event) => (
                <button
                  key={event.id}
                  type="button"
                  onClick={() => onOpen(event)}
                  title={event.title}
                  className={cn(
                    'hidden w-full cursor-pointer truncate rounded px-1 py-0.5 text-left text-xs leading-tight outline-none focus-visible:ring-2 focus-visible:ring-ring sm:block',
                    event.allDay
                      ? 'bg-primary/80 text-primary-foreground'
                      : 'bg-primary/15 text-foreground hover:bg-primary/25',
                  )}
                >
                  {event.allDay ? null : (
                    <span className="hidden tabular-nums sm:inline">
                      {format(new Date(event.startTime), 'HH:mm')}{' '}
                    </span>
                  )}
                  {event.title}
                </button>
              ))}
              {dayEvents.length > SHOWN_PER_DAY ? (
                <span className="hidden px-1 text-[11px] text-muted-foreground sm:inline">
                  {t('calendar.month.more', { count: dayEvents.length - SHOWN_PER_DAY })}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      <DayAgenda
        day={selected}
        events={sorted.filter((e) => coversDay(e, selected))}
        onOpen={onOpen}
        onCreate={onCreate}
      />
    </section>
  );
}

interface PhoneDayProps {
  day: Date;
  count: number;
  today: boolean;
  selected: boolean;
  onSelect: () => void;
}

/** A phone's cell: the day's number and a dot per event; a tap lists that day under the grid. */
function PhoneDay({ day, count, today, selected, onSelect }: PhoneDayProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={t('calendar.month.dayEvents', {
        date: format(day, 'EEEE d MMMM', { locale: fr }),
        count,
      })}
      onClick={onSelect}
      className={cn(
        'flex h-full w-full cursor-pointer flex-col items-center gap-1 rounded-md py-1 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring sm:hidden',
        selected && 'bg-accent',
      )}
    >
      <span
        className={cn(
          'flex size-6 items-center justify-center rounded-full',
          today && 'bg-primary font-semibold text-primary-foreground',
        )}
      >
        {format(day, 'd')}
      </span>
      <span aria-hidden className="flex gap-0.5">
        {Array.from({ length: Math.min(count, DOTS_PER_DAY) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical dots
          <span key={i} className="size-1.5 rounded-full bg-primary" />
        ))}
      </span>
    </button>
  );
}

interface DayAgendaProps {
  day: Date;
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  onCreate: (day: Date) => void;
}

/** Under a phone's grid: the picked day's events, and a way to add one that day. */
function DayAgenda({ day, events, onOpen, onCreate }: DayAgendaProps) {
  const { t } = useTranslation();
  const title = format(day, 'EEEE d MMMM', { locale: fr });
  return (
    <section aria-label={title} className="grid gap-2 sm:hidden">
      <div className="flex items-center gap-2">
        <h3 className="flex-1 font-semibold first-letter:uppercase">{title}</h3>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('calendar.month.addOn', { date: format(day, 'd MMMM', { locale: fr }) })}
          onClick={() => onCreate(day)}
        >
          <PlusIcon aria-hidden />
          {t('calendar.month.addThatDay')}
        </Button>
      </div>
      {events.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          {t('calendar.month.noEventThatDay')}
        </p>
      ) : (
        <ul className="grid gap-2">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
