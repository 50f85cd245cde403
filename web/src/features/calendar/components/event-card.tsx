import { ListTodoIcon, MapPinIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/calendar';
import { Badge } from '@/components/ui/badge';
import { dayLabel, startDayOf, timeRange } from '../lib/event-dates';

/** The French day label of docs/product.md §2 (aujourd'hui, demain, lundi, 5 mars, 5 mars 2027). */
export function useDayLabel() {
  const { t } = useTranslation();
  return (day: Date): string => {
    const label = dayLabel(day);
    if (label.kind === 'today') return t('calendar.day.today');
    if (label.kind === 'tomorrow') return t('calendar.day.tomorrow');
    return label.text.charAt(0).toUpperCase() + label.text.slice(1);
  };
}

interface EventCardProps {
  event: CalendarEvent;
  onOpen: (event: CalendarEvent) => void;
}

/** docs/product.md §2: day label, time range or all day, location, source and task badges. */
export function EventCard({ event, onOpen }: EventCardProps) {
  const { t } = useTranslation();
  const labelOf = useDayLabel();
  const range = timeRange(event);
  return (
    <button
      type="button"
      onClick={() => onOpen(event)}
      data-testid="event-card"
      className="grid w-full cursor-pointer gap-1.5 rounded-lg border bg-card p-4 text-left transition-colors outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span data-testid="event-day" className="font-semibold text-primary">
          {labelOf(startDayOf(event))}
        </span>
        <span className="text-muted-foreground tabular-nums">{range ?? t('calendar.allDay')}</span>
        <span className="ms-auto flex gap-1.5">
          {event.externalSource ? (
            <Badge variant="secondary">{t(`calendar.source.${event.externalSource}`)}</Badge>
          ) : null}
          {event.taskId ? (
            <Badge variant="outline">
              <ListTodoIcon aria-hidden />
              {t('calendar.taskBadge')}
            </Badge>
          ) : null}
        </span>
      </div>
      <span className="break-words font-medium">{event.title}</span>
      {event.location ? (
        <span className="flex items-center gap-1.5 text-muted-foreground text-sm">
          <MapPinIcon aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{event.location}</span>
        </span>
      ) : null}
    </button>
  );
}
