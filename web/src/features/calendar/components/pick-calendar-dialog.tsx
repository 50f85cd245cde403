import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarConnection } from '#shared/calendar';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useRemoteCalendars, useUpdateConnection } from '../api/connections';

/** After consent: which of the account's calendars this connection syncs. */
export function PickCalendarDialog({
  connection,
  onClose,
}: {
  connection: CalendarConnection | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const calendars = useRemoteCalendars(connection?.id ?? null);
  const update = useUpdateConnection();
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(() => {
    const list = calendars.data;
    if (list && !chosen) setChosen((list.find((c) => c.primary) ?? list[0])?.id ?? null);
  }, [calendars.data, chosen]);

  const handleSave = () => {
    const calendar = calendars.data?.find((c) => c.id === chosen);
    if (!connection || !calendar) return;
    update.mutate(
      {
        id: connection.id,
        calendarId: calendar.id,
        calendarName: connection.calendarName || calendar.name,
      },
      {
        onSuccess: () => {
          toast({ title: t('calendar.settings.toast.updated') });
          onClose();
        },
        onError: (error) =>
          toastFailure(
            error,
            t('calendar.toast.errorTitle'),
            t('calendar.settings.toast.updateError'),
          ),
      },
    );
  };

  return (
    <Dialog open={connection !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('calendar.settings.pickCalendar')}</DialogTitle>
          <DialogDescription>{t('calendar.settings.pickCalendarHint')}</DialogDescription>
        </DialogHeader>
        {calendars.isLoading ? (
          <p className="text-muted-foreground text-sm">{t('common.loading')}</p>
        ) : calendars.data?.length ? (
          <fieldset className="grid gap-2">
            <legend className="sr-only">{t('calendar.settings.calendarLabel')}</legend>
            {calendars.data.map((c) => (
              <label
                key={c.id}
                className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm hover:bg-accent/60"
              >
                <input
                  type="radio"
                  name={`${id}-calendar`}
                  checked={chosen === c.id}
                  onChange={() => setChosen(c.id)}
                  className="accent-primary"
                />
                {c.name}
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="text-muted-foreground text-sm">{t('calendar.settings.noCalendars')}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={!chosen || update.isPending} onClick={handleSave}>
            {t('calendar.settings.pickSave')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
