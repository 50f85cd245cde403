import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisconnectPolicy } from '#shared/disconnect';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { usePolicy, useSavePolicy } from '../api/policy';
import { MonthlyReport } from './monthly-report';
import { WeekEditor, weekInvalid } from './week-editor';

const SELECT_CLASS =
  'h-9 w-full max-w-xs rounded-md border border-input bg-transparent px-3 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 dark:bg-input/30 [&>option]:bg-popover';

function zones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'Europe/Paris', ...all])].sort();
}

/**
 * Administration → « Droit à la déconnexion » (docs/product.md): whether notifications wait for
 * working hours, the week and zone of whoever set none, whether urgent messages are allowed,
 * and the month's counts per channel (never contents).
 */
export function DisconnectSection() {
  return (
    <div className="grid gap-6">
      <PolicyForm />
      <MonthlyReport />
    </div>
  );
}

function PolicyForm() {
  const { t } = useTranslation();
  const id = useId();
  const policy = usePolicy();
  const save = useSavePolicy();
  const [draft, setDraft] = useState<DisconnectPolicy | null>(null);
  useEffect(() => {
    if (policy.data) setDraft(policy.data);
  }, [policy.data]);
  const options = useMemo(
    () => zones(draft?.defaultTimeZone ?? 'Europe/Paris'),
    [draft?.defaultTimeZone],
  );

  if (policy.isError) {
    return <p className="text-destructive text-sm">{t('disconnect.admin.loadFailed')}</p>;
  }
  if (!draft) return <Skeleton className="h-64" />;
  const invalid = weekInvalid(draft.defaultHours);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    save.mutate(draft, {
      onSuccess: () => toast({ title: t('disconnect.admin.saved') }),
      onError: (err) =>
        toastFailure(err, t('disconnect.admin.failed'), t('disconnect.admin.failed')),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('disconnect.admin.policy')}
      className="grid gap-5 rounded-2xl border bg-card p-4 sm:p-6"
    >
      <p className="text-muted-foreground text-sm">{t('disconnect.admin.intro')}</p>
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-enabled`}>{t('disconnect.admin.enabled')}</Label>
          <p className="text-muted-foreground text-xs">{t('disconnect.admin.enabledHint')}</p>
        </div>
        <Switch
          id={`${id}-enabled`}
          checked={draft.enabled}
          onCheckedChange={(enabled) => setDraft({ ...draft, enabled })}
        />
      </div>
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-urgent`}>{t('disconnect.admin.urgentAllowed')}</Label>
          <p className="text-muted-foreground text-xs">{t('disconnect.admin.urgentHint')}</p>
        </div>
        <Switch
          id={`${id}-urgent`}
          checked={draft.urgentAllowed}
          onCheckedChange={(urgentAllowed) => setDraft({ ...draft, urgentAllowed })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-zone`}>{t('disconnect.admin.timeZone')}</Label>
        <select
          id={`${id}-zone`}
          className={SELECT_CLASS}
          value={draft.defaultTimeZone}
          onChange={(e) => setDraft({ ...draft, defaultTimeZone: e.target.value })}
        >
          {options.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-sm">{t('disconnect.admin.defaultHours')}</legend>
        <WeekEditor
          value={draft.defaultHours}
          onChange={(defaultHours) => setDraft({ ...draft, defaultHours })}
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={invalid || save.isPending}>
          {save.isPending ? t('common.saving') : t('disconnect.admin.save')}
        </Button>
      </div>
    </form>
  );
}
