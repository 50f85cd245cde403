import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_PROVIDERS,
  type CalendarProvider,
  SYNC_DIRECTIONS,
  type SyncDirection,
} from '#shared/calendar';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toastFailure } from '@/lib/toast-failure';
import { useCalendarProviders, useCreateConnection } from '../api/connections';

/** docs/product.md §5 connection form: google, empty name, import, active by default. */
export function AddConnectionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [picked, setProvider] = useState<CalendarProvider>('google');
  const [calendarName, setCalendarName] = useState('');
  const [syncDirection, setSyncDirection] = useState<SyncDirection>('import');
  const [isActive, setIsActive] = useState(true);
  const create = useCreateConnection();
  // Known before the form: a provider without an OAuth client here is shown disabled, with why.
  const providers = useCalendarProviders();
  const configured = (p: CalendarProvider) =>
    providers.data?.find((s) => s.provider === p)?.configured ?? true;
  const usable = CALENDAR_PROVIDERS.filter(configured);
  const noneUsable = usable.length === 0;
  const firstUsable = usable[0];
  // The one picked, or the first that works when the picked one does not here: read in the
  // same render as the providers (an effect set it a render later, with none checked between).
  const provider = configured(picked) ? picked : (firstUsable ?? picked);

  const handleSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    create.mutate(
      { provider, calendarName, syncDirection, isActive },
      {
        // The provider's consent page, then back to /calendar-settings to pick the calendar.
        onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
        onError: (error) =>
          toastFailure(
            error,
            t('calendar.toast.errorTitle'),
            t('calendar.settings.toast.createError'),
          ),
      },
    );
  };

  const choice = (selected: boolean, disabled = false) =>
    disabled
      ? 'cursor-not-allowed border-dashed border-input opacity-70'
      : selected
        ? 'cursor-pointer border-primary bg-primary/10'
        : 'cursor-pointer border-input hover:bg-accent/60';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('calendar.settings.dialog.title')}</DialogTitle>
          <DialogDescription>{t('calendar.settings.dialog.description')}</DialogDescription>
        </DialogHeader>
        {noneUsable ? (
          <p role="status" className="rounded-md border border-dashed p-3 text-sm">
            {t('calendar.settings.dialog.noneConfigured')}
          </p>
        ) : null}
        <form onSubmit={handleSubmit} className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">
              {t('calendar.settings.dialog.provider')}
            </legend>
            <div className="grid grid-cols-2 gap-2">
              {CALENDAR_PROVIDERS.map((p) => {
                const off = !configured(p);
                return (
                  <label
                    key={p}
                    className={`flex items-start gap-2 rounded-md border p-3 text-sm ${choice(provider === p && !off, off)}`}
                  >
                    <input
                      type="radio"
                      name={`${id}-provider`}
                      value={p}
                      checked={provider === p && !off}
                      disabled={off}
                      aria-labelledby={`${id}-${p}-name`}
                      aria-describedby={off ? `${id}-${p}-off` : undefined}
                      onChange={() => setProvider(p)}
                      className="mt-0.5 accent-primary"
                    />
                    <span className="grid gap-0.5">
                      <span id={`${id}-${p}-name`}>{t(`calendar.source.${p}`)}</span>
                      {off ? (
                        <span id={`${id}-${p}-off`} className="text-muted-foreground text-xs">
                          {t('calendar.settings.dialog.notConfigured')}
                        </span>
                      ) : null}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>
              {t('calendar.settings.dialog.name')}
              <span className="font-normal text-muted-foreground text-xs">
                ({t('common.optional')})
              </span>
            </Label>
            <Input
              id={`${id}-name`}
              value={calendarName}
              maxLength={200}
              placeholder={t('calendar.settings.dialog.namePlaceholder')}
              onChange={(e) => setCalendarName(e.target.value)}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">
              {t('calendar.settings.directionLabel')}
            </legend>
            {/* One per row, each with what it does: « Bidirectionnelle » fits at every width. */}
            <div className="grid gap-2">
              {SYNC_DIRECTIONS.map((d) => (
                <label
                  key={d}
                  className={`flex items-start gap-2 rounded-md border p-2.5 text-sm ${choice(syncDirection === d)}`}
                >
                  <input
                    type="radio"
                    name={`${id}-direction`}
                    value={d}
                    checked={syncDirection === d}
                    aria-labelledby={`${id}-${d}-name`}
                    aria-describedby={`${id}-${d}-hint`}
                    onChange={() => setSyncDirection(d)}
                    className="mt-0.5 accent-primary"
                  />
                  <span className="grid min-w-0 gap-0.5">
                    <span id={`${id}-${d}-name`} className="font-medium">
                      {t(`calendar.settings.direction.${d}`)}
                    </span>
                    <span id={`${id}-${d}-hint`} className="text-muted-foreground text-xs">
                      {t(`calendar.settings.directionHint.${d}`)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={`${id}-active`}>{t('calendar.settings.dialog.isActive')}</Label>
            <Switch id={`${id}-active`} checked={isActive} onCheckedChange={setIsActive} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending || noneUsable}>
              {create.isPending
                ? t('calendar.settings.dialog.submitting')
                : t('calendar.settings.dialog.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
