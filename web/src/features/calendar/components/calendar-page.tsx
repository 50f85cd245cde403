import { ArrowLeftIcon, CalendarDaysIcon, ListIcon, PlusIcon, SettingsIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { CalendarEvent } from '#shared/calendar';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { useEvents } from '../api/get-events';
import { type EventTab, filterEvents } from '../lib/event-dates';
import { EventCard } from './event-card';
import { EventDialog, type EventDialogTarget } from './event-dialog';
import { FeedCard } from './feed-card';
import { MonthView } from './month-view';

const TABS: EventTab[] = ['all', 'upcoming', 'past'];
type View = 'list' | 'month';

/** docs/product.md §2: /calendar — tabs All, Upcoming (default), Past; a month grid beside the list. */
export function CalendarPage() {
  const { t } = useTranslation();
  const events = useEvents();
  const [tab, setTab] = useState<EventTab>('upcoming');
  const [view, setView] = useState<View>('list');
  const [dialog, setDialog] = useState<EventDialogTarget | null>(null);
  const all = events.data ?? [];
  const open = (event: CalendarEvent) => setDialog({ kind: 'edit', event });
  // ?event= (from « Ma journée »): that event opened, once it has loaded.
  const wantedEvent = new URLSearchParams(useSearch()).get('event');
  const linked = all.find((e) => e.id === wantedEvent);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per linked event, not at each refetch
  useEffect(() => {
    if (linked) setDialog({ kind: 'edit', event: linked });
  }, [linked?.id]);
  useOpenLinkedMeeting(all, open);

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-center gap-3">
        <IconButton asChild label={t('calendar.back')}>
          <Link href="/">
            <ArrowLeftIcon aria-hidden />
          </Link>
        </IconButton>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h1 className="font-bold text-2xl tracking-tight">{t('calendar.title')}</h1>
          <p className="hidden text-muted-foreground text-sm sm:block">
            {t('calendar.description')}
          </p>
        </div>
        <IconButton asChild variant="outline" label={t('calendar.settingsLink')}>
          <Link href="/calendar-settings">
            <SettingsIcon aria-hidden />
          </Link>
        </IconButton>
        <Button onClick={() => setDialog({ kind: 'create' })} aria-label={t('calendar.add')}>
          <PlusIcon aria-hidden />
          <span className="hidden sm:inline">{t('calendar.add')}</span>
        </Button>
      </header>

      <fieldset aria-label={t('calendar.view.label')} className="flex gap-1 self-start">
        {(['list', 'month'] as const).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={view === v ? 'secondary' : 'ghost'}
            aria-pressed={view === v}
            onClick={() => setView(v)}
          >
            {v === 'list' ? <ListIcon aria-hidden /> : <CalendarDaysIcon aria-hidden />}
            {t(`calendar.view.${v}`)}
          </Button>
        ))}
      </fieldset>

      {events.isLoading ? (
        <p className="text-muted-foreground text-sm">{t('calendar.loading')}</p>
      ) : view === 'month' ? (
        <MonthView
          events={all}
          onOpen={open}
          onCreate={(day) => setDialog({ kind: 'create', day })}
        />
      ) : (
        <Tabs value={tab} onValueChange={(v) => setTab(v as EventTab)} className="grid gap-4">
          <TabsList className="w-full sm:w-fit">
            {TABS.map((key) => (
              <TabsTrigger key={key} value={key}>
                {t(`calendar.tabs.${key}`)}
                {/* docs/product.md §2: All and Upcoming show their counts. */}
                {key !== 'past' ? (
                  <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">
                    {filterEvents(all, key).length}
                  </span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((key) => (
            <TabsContent key={key} value={key}>
              <EventList events={filterEvents(all, key)} tab={key} onOpen={open} />
            </TabsContent>
          ))}
        </Tabs>
      )}

      <FeedCard />
      <EventDialog target={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}

/**
 * /calendar?meeting={id}, the link of a meeting's announcement (docs/calendar.md, "Meetings"):
 * each person's own copy of it opens, once the events are there.
 */
function useOpenLinkedMeeting(events: CalendarEvent[], open: (event: CalendarEvent) => void) {
  const linked = new URLSearchParams(useSearch()).get('meeting');
  const [handled, setHandled] = useState<string | null>(null);
  const event = linked ? events.find((e) => e.meetingId === linked || e.id === linked) : undefined;
  useEffect(() => {
    if (!event || handled === linked) return;
    setHandled(linked);
    open(event);
  }, [event, linked, handled, open]);
}

function EventList({
  events,
  tab,
  onOpen,
}: {
  events: CalendarEvent[];
  tab: EventTab;
  onOpen: (event: CalendarEvent) => void;
}) {
  const { t } = useTranslation();
  if (events.length === 0) {
    return (
      <div className="grid place-items-center gap-1 rounded-lg border border-dashed px-4 py-12 text-center">
        <CalendarDaysIcon aria-hidden className="mb-2 size-8 text-muted-foreground" />
        <p className="font-medium">{t(`calendar.empty.${tab}`)}</p>
        <p className="text-muted-foreground text-sm">{t('calendar.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className={cn('grid gap-2')}>
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
