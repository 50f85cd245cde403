import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent, EventContent, ReplacedVersion } from '#shared/calendar';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/toast-failure';
import { useClearReplacedVersion } from '../api/clear-replaced-version';
import { endDayOf, startDayOf, timeRange } from '../lib/event-dates';

const stamp = (iso: string) => format(new Date(iso), "d MMMM yyyy 'à' HH:mm", { locale: fr });
const day = (d: Date) => format(d, 'd MMMM yyyy', { locale: fr });

/** « 2 mars 2031, 14:00 – 15:00 », or the days of an all-day event. */
function when(content: EventContent, allDayText: string): string {
  const first = startDayOf(content);
  const last = endDayOf(content);
  if (content.allDay) {
    const days = first.getTime() === last.getTime() ? day(first) : `${day(first)} – ${day(last)}`;
    return `${days} (${allDayText.toLowerCase()})`;
  }
  return `${day(first)}, ${timeRange(content)}`;
}

/** Which sentence tells what happened: who changed what, and which change was kept. */
function messageKey(v: ReplacedVersion): string {
  if (v.change === 'edited') return v.side === 'ruche' ? 'editedInRuche' : 'editedRemotely';
  if (v.side === 'ruche') return 'deletedInRuche';
  return v.changedAt ? 'deletedRemotely' : 'deletedRemotelyUndated';
}

/**
 * docs/calendar.md "Conflicts and deletions": the change a sync did not keep, shown in the
 * event dialog until the user dismisses it.
 */
export function ReplacedVersionNote({ event }: { event: CalendarEvent }) {
  const { t } = useTranslation();
  const headingId = useId();
  const clear = useClearReplacedVersion();
  const [dismissed, setDismissed] = useState(false);
  const version = event.replacedVersion;
  if (!version || dismissed) return null;
  const provider = t(`calendar.replaced.provider.${version.provider}`);
  const previous = version.previous;

  const handleDismiss = () =>
    clear.mutate(event.id, {
      onSuccess: () => setDismissed(true),
      onError: (error) =>
        toastFailure(error, t('calendar.toast.errorTitle'), t('calendar.replaced.dismissError')),
    });

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-medium">
        <History className="size-4 shrink-0" aria-hidden />
        {t('calendar.replaced.title')}
      </h3>
      <p className="text-muted-foreground">
        {t(`calendar.replaced.${messageKey(version)}`, {
          provider,
          date: version.changedAt ? stamp(version.changedAt) : '',
        })}
      </p>
      {previous ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">{t('calendar.dialog.title')}</dt>
          <dd className="break-words">{previous.title}</dd>
          <dt className="text-muted-foreground">{t('calendar.replaced.when')}</dt>
          <dd>{when(previous, t('calendar.allDay'))}</dd>
          {previous.location ? (
            <>
              <dt className="text-muted-foreground">{t('calendar.dialog.location')}</dt>
              <dd className="break-words">{previous.location}</dd>
            </>
          ) : null}
          {previous.description ? (
            <>
              <dt className="text-muted-foreground">{t('calendar.dialog.descriptionLabel')}</dt>
              <dd className="whitespace-pre-wrap break-words">{previous.description}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={clear.isPending}
          onClick={handleDismiss}
        >
          {t('calendar.replaced.dismiss')}
        </Button>
      </div>
    </section>
  );
}
