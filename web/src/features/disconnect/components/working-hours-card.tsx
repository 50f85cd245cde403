import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WeekHours } from '#shared/disconnect';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useResetWorkingHours, useSaveWorkingHours, useWorkingHours } from '../api/working-hours';
import { TimeOffList } from './time-off-list';
import { WeekEditor, weekInvalid } from './week-editor';

const sameWeek = (a: WeekHours, b: WeekHours) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Settings → « Heures de travail » (docs/product.md, « Droit à la déconnexion »): the days and
 * hours one works, public holidays, back to the instance's week, and time off. Outside them,
 * notifications wait without a sound and senders are told when they will reach you.
 */
export function WorkingHoursCard() {
  const { t } = useTranslation();
  const hours = useWorkingHours();
  const save = useSaveWorkingHours();
  const reset = useResetWorkingHours();
  const [week, setWeek] = useState<WeekHours | null>(null);

  useEffect(() => {
    if (hours.data) setWeek({ days: hours.data.days, holidays: hours.data.holidays });
  }, [hours.data]);

  const saved = hours.data ? { days: hours.data.days, holidays: hours.data.holidays } : null;
  const dirty = Boolean(week && saved && !sameWeek(week, saved));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!week || weekInvalid(week)) return;
    save.mutate(week, {
      onSuccess: () => toast({ title: t('disconnect.settings.saved') }),
      onError: (err) =>
        toastFailure(err, t('disconnect.settings.failed'), t('disconnect.settings.failed')),
    });
  };
  const backToDefault = () =>
    reset.mutate(undefined, {
      onSuccess: () => toast({ title: t('disconnect.settings.reset') }),
      onError: (err) =>
        toastFailure(err, t('disconnect.settings.failed'), t('disconnect.settings.failed')),
    });

  return (
    <section
      aria-label={t('disconnect.settings.title')}
      className="rounded-2xl border bg-card p-5 sm:p-6"
    >
      <div className="mb-5 grid gap-1">
        <h2 className="font-semibold text-lg">{t('disconnect.settings.title')}</h2>
        <p className="text-muted-foreground text-sm">{t('disconnect.settings.description')}</p>
      </div>
      {hours.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t('disconnect.settings.loadFailed')}
        </p>
      ) : !hours.data || !week ? (
        <Skeleton className="h-64" />
      ) : (
        <div className="grid gap-6">
          <form noValidate onSubmit={submit} className="grid gap-4">
            <p className="text-muted-foreground text-xs">
              {hours.data.usesDefault
                ? t('disconnect.settings.usesDefault', { zone: hours.data.timeZone })
                : t('disconnect.settings.own', { zone: hours.data.timeZone })}
            </p>
            <WeekEditor value={week} onChange={setWeek} disabled={save.isPending} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                type="button"
                variant="ghost"
                disabled={hours.data.usesDefault || reset.isPending}
                onClick={backToDefault}
              >
                {t('disconnect.settings.backToDefault')}
              </Button>
              <Button type="submit" disabled={!dirty || weekInvalid(week) || save.isPending}>
                {save.isPending ? t('common.saving') : t('disconnect.settings.save')}
              </Button>
            </div>
          </form>
          <TimeOffList timeOff={hours.data.timeOff} />
        </div>
      )}
    </section>
  );
}
