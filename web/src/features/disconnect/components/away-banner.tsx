import { CalendarClockIcon, MoonIcon, SirenIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Availability, UnavailableReason } from '#shared/disconnect';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useCreateScheduled } from '@/features/reminders';
import type { ComposerNoticeProps } from '@/lib/message-extensions';
import { toastFailure } from '@/lib/toast-failure';
import { type WhenWords, whenWords } from '../lib/format-when';

/** Lines named before « et N autres ». */
const NAMED_MAX = 3;

const REASON_KEY: Record<UnavailableReason, string> = {
  hours: 'disconnect.away.hours',
  'day-off': 'disconnect.away.dayOff',
  holiday: 'disconnect.away.holiday',
  'time-off': 'disconnect.away.timeOff',
};

/** The moment everyone warned about is back: the latest of their next working periods. */
function latestReturn(away: readonly Availability[]): string | null {
  const times = away.flatMap((a) => (a.nextAvailableAt ? [a.nextAvailableAt] : []));
  return times.length === away.length ? (times.sort().at(-1) ?? null) : null;
}

/**
 * docs/product.md, « Droit à la déconnexion »: above the composer, who the draft reaches outside
 * their working time and when they will be notified; « Programmer pour lundi 9 h » sends it then
 * (a scheduled message), « Envoyer comme urgent » where the instance allows it. Sending as usual
 * stays possible: the notification waits.
 */
export function AwayBanner({
  away,
  urgentAllowed,
  channelId,
  parentMessageId,
  text,
  schedulable,
  done,
  sendUrgent,
}: ComposerNoticeProps & { away: readonly Availability[]; urgentAllowed: boolean }) {
  const { t } = useTranslation();
  const create = useCreateScheduled();
  const when = (words: WhenWords) =>
    t(`disconnect.when.${words.kind}`, { day: words.day, time: words.time });
  const line = (item: Availability) => {
    const reason = t(item.reason ? REASON_KEY[item.reason] : 'disconnect.away.hours', {
      name: item.displayName ?? t('disconnect.away.someone'),
    });
    return item.nextAvailableAt
      ? t('disconnect.away.until', {
          reason,
          when: when(whenWords(new Date(item.nextAvailableAt))),
        })
      : t('disconnect.away.later', { reason });
  };
  const back = latestReturn(away);
  const backWords = back ? whenWords(new Date(back)) : null;

  const schedule = () => {
    if (!back || !backWords) return;
    create.mutate(
      { channelId, parentMessageId, content: text, at: back },
      {
        onSuccess: () => {
          toast({ title: t('disconnect.scheduled', { when: when(backWords) }) });
          done();
        },
        onError: (err) =>
          toastFailure(err, t('disconnect.scheduleFailed'), t('disconnect.scheduleFailed')),
      },
    );
  };

  return (
    <section
      aria-label={t('disconnect.away.label')}
      className="mb-2 grid gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 px-3 py-2.5 text-sm"
    >
      <div className="flex gap-2">
        <MoonIcon
          aria-hidden
          className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300"
        />
        <div aria-live="polite" className="grid min-w-0 gap-0.5">
          {away.slice(0, NAMED_MAX).map((item) => (
            <p key={item.userId}>{line(item)}</p>
          ))}
          {away.length > NAMED_MAX ? (
            <p>{t('disconnect.away.more', { count: away.length - NAMED_MAX })}</p>
          ) : null}
          <p className="text-muted-foreground text-xs">{t('disconnect.away.hint')}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-6">
        {backWords ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={!schedulable || create.isPending}
            onClick={schedule}
          >
            <CalendarClockIcon aria-hidden />
            {t(`disconnect.scheduleFor.${backWords.kind}`, {
              day: backWords.day,
              time: backWords.time,
            })}
          </Button>
        ) : null}
        {urgentAllowed ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={!text}
            onClick={sendUrgent}
            title={t('disconnect.urgentHint')}
          >
            <SirenIcon aria-hidden />
            {t('disconnect.sendUrgent')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
