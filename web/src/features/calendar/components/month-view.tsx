import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { fr } from 'date-fns/locale';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/calendar';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/utils';
import { coversDay, filterEvents } from '../lib/event-dates';

const SHOWN_PER_DAY = 3;

interface MonthViewProps {
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
  onCreate: (day: Date) => void;
}

/** A month grid (weeks from Monday), as a Google Calendar user expects it. */
export function MonthView({ events, onOpen, onCreate }: MonthViewProps) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
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
        <Button variant="outline" size="sm" onClick={() => setMonth(startOfMonth(new Date()))}>
          {t('calendar.month.today')}
        </Button>
        <IconButton
          label={t('calendar.month.previous')}
          onClick={() => setMonth((m) => addMonths(m, -1))}
        >
          <ChevronLeftIcon aria-hidden />
        </IconButton>
        <IconButton
          label={t('calendar.month.next')}
          onClick={() => setMonth((m) => addMonths(m, 1))}
        >
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
                'group relative flex min-h-20 flex-col gap-0.5 border-e border-b p-1 last:border-e-0 sm:min-h-28 [&:nth-child(7n)]:border-e-0',
                !isSameMonth(day, month) && 'bg-muted/20 text-muted-foreground',
              )}
            >
              <button
                type="button"
                aria-label={t('calendar.month.addOn', { date: label })}
                onClick={() => onCreate(day)}
                className={cn(
                  'flex size-6 cursor-pointer items-center justify-center self-start rounded-full text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
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
                    'w-full cursor-pointer truncate rounded px-1 py-0.5 text-left text-[11px] leading-tight outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-xs',
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
                <span className="px-1 text-[11px] text-muted-foreground">
                  {t('calendar.month.more', { count: dayEvents.length - SHOWN_PER_DAY })}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </section>
  );
}
