import { CalendarPlusIcon, ListTodoIcon, XIcon } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findFrenchDates } from '#shared/french-dates';
import type { Message } from '#shared/messages';
import { formatDay, formatWhen } from '../lib/format';
import { browserTimeZone } from '../lib/time-zone';

// The screens another feature owns, loaded on demand (docs/architecture.md, "Web").
const EventDialog = lazy(() =>
  import('@/features/calendar/components/event-dialog').then((m) => ({ default: m.EventDialog })),
);
const TaskFromMessageDialog = lazy(() =>
  import('@/features/boards/components/task-from-message-dialog').then((m) => ({
    default: m.TaskFromMessageDialog,
  })),
);

const DISMISSED_KEY = 'ruche:plan-chips-dismissed';

function dismissed(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function dismiss(messageId: string): void {
  try {
    const kept = [...dismissed(), messageId].slice(-200);
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(kept));
  } catch {
    // Private mode: the chip comes back on the next load.
  }
}

const ymd = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** What the event dialog opens with, taken when its chip is clicked. */
type EventDraft = NonNullable<ComponentProps<typeof EventDialog>['target']>;

/**
 * docs/product.md, « Des messages qui deviennent des plans »: a date in one's own message
 * (« on se voit jeudi 15h ») offers, to its author only, an event or a task due date, with the
 * time as read; nothing happens without a click, and the offer can be dismissed.
 */
export function PlanChips({ message }: { message: Message }) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => dismissed().has(message.id));
  // What the dialog opens with is taken at the click: a target made at each render reset the
  // form whenever the message changed under it (a reaction, an edit), losing what was typed.
  const [open, setOpen] = useState<
    { kind: 'event'; target: EventDraft } | { kind: 'task'; dueDate: string } | null
  >(null);
  const found = useMemo(
    () =>
      findFrenchDates(message.content, {
        now: new Date(message.createdAt),
        timeZone: browserTimeZone(),
      })[0] ?? null,
    [message.content, message.createdAt],
  );
  if (!found || hidden) return null;
  const when = found.hasTime ? formatWhen(found.at) : formatDay(found.at);
  const chip =
    'inline-flex min-h-7 items-center gap-1 rounded-md border border-dashed bg-card px-2 py-0.5 text-muted-foreground text-xs transition-colors hover:border-primary/50 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5" data-testid="plan-chips">
      <button
        type="button"
        className={chip}
        onClick={() =>
          setOpen({
            kind: 'event',
            target: {
              kind: 'create',
              start: found.hasTime ? found.at : undefined,
              day: found.at,
              title: message.content.replace(/\s+/g, ' ').slice(0, 200),
            },
          })
        }
      >
        <CalendarPlusIcon className="size-3.5 text-primary" aria-hidden />
        {t('plans.event', { when })}
      </button>
      <button
        type="button"
        className={chip}
        onClick={() => setOpen({ kind: 'task', dueDate: ymd(found.at) })}
      >
        <ListTodoIcon className="size-3.5 text-primary" aria-hidden />
        {t('plans.task', { when: formatDay(found.at) })}
      </button>
      <button
        type="button"
        className="grid size-7 place-items-center rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={t('plans.dismiss')}
        title={t('plans.dismiss')}
        onClick={() => {
          dismiss(message.id);
          setHidden(true);
        }}
      >
        <XIcon className="size-3.5" aria-hidden />
      </button>
      <Suspense fallback={null}>
        {open?.kind === 'event' ? (
          <EventDialog target={open.target} onClose={() => setOpen(null)} />
        ) : null}
        {open?.kind === 'task' ? (
          <TaskFromMessageDialog
            message={message}
            dueDate={open.dueDate}
            onClose={() => setOpen(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
