import { useTranslation } from 'react-i18next';
import { DIGEST_DELAYS, DIGEST_PERIODS, type DigestSettingsInput } from '#shared/digest';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useDigestSettings, useSaveDigestSettings } from '../api/digest-settings';

/**
 * Settings → « E-mail récapitulatif » (docs/product.md): on or off, after how long away, and
 * at most how often. Each change is saved at once, like the notification switches above it.
 * Shown inert, with why, when the instance cannot mail this person.
 */
export function DigestSettingsCard() {
  const { t } = useTranslation();
  const settings = useDigestSettings();
  const save = useSaveDigestSettings();
  const current = save.isPending ? save.variables : settings.data;

  const change = (patch: Partial<DigestSettingsInput>) => {
    if (!settings.data) return;
    const { enabled, delayMinutes, periodMinutes } = settings.data;
    save.mutate(
      { enabled, delayMinutes, periodMinutes, ...patch },
      {
        onSuccess: () => toast({ title: t('digest.saved') }),
        onError: (err) => toastFailure(err, t('digest.failed'), t('digest.failed')),
      },
    );
  };

  const available = settings.data?.available ?? false;
  const inert = !available || save.isPending;
  return (
    <section aria-label={t('digest.title')} className="rounded-2xl border bg-card p-5 sm:p-6">
      <div className="mb-5 grid gap-1">
        <h2 className="font-semibold text-lg">{t('digest.title')}</h2>
        <p className="text-muted-foreground text-sm">{t('digest.description')}</p>
      </div>
      {settings.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t('digest.loadFailed')}
        </p>
      ) : !current || !settings.data ? (
        <Skeleton className="h-28" />
      ) : (
        <div className="grid gap-4">
          {!available && <p className="text-muted-foreground text-sm">{t('digest.unavailable')}</p>}
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor="digest-enabled">{t('digest.enabled')}</Label>
            <Switch
              id="digest-enabled"
              checked={available && current.enabled}
              disabled={inert}
              onCheckedChange={(enabled) => change({ enabled })}
            />
          </div>
          <div className="grid gap-2 sm:flex sm:items-center sm:justify-between sm:gap-4">
            <Label htmlFor="digest-delay">{t('digest.delay')}</Label>
            <Select
              value={String(current.delayMinutes)}
              disabled={inert || !current.enabled}
              onValueChange={(value) =>
                change({ delayMinutes: Number(value) as DigestSettingsInput['delayMinutes'] })
              }
            >
              <SelectTrigger id="digest-delay" className="sm:w-64">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DIGEST_DELAYS.map((minutes) => (
                  <SelectItem key={minutes} value={String(minutes)}>
                    {t(`digest.delays.${minutes}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2 sm:flex sm:items-center sm:justify-between sm:gap-4">
            <Label htmlFor="digest-period">{t('digest.period')}</Label>
            <Select
              value={String(current.periodMinutes)}
              disabled={inert || !current.enabled}
              onValueChange={(value) =>
                change({ periodMinutes: Number(value) as DigestSettingsInput['periodMinutes'] })
              }
            >
              <SelectTrigger id="digest-period" className="sm:w-64">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DIGEST_PERIODS.map((minutes) => (
                  <SelectItem key={minutes} value={String(minutes)}>
                    {t(`digest.periods.${minutes}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      )}
    </section>
  );
}
