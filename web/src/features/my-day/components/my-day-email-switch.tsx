import { MailIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useMyDayEmail, useSaveMyDayEmail } from '../api/my-day-email';
import { formatDateTime } from '../lib/format';

/**
 * « Recevoir Ma journée par e-mail chaque matin » (docs/product.md, « Ma journée »): off by
 * default, saved at once; when on, when the next one goes. Inert, with why, when the instance
 * cannot mail this person.
 */
export function MyDayEmailSwitch({ timeZone }: { timeZone: string | undefined }) {
  const { t } = useTranslation();
  const setting = useMyDayEmail();
  const save = useSaveMyDayEmail();
  const id = useId();
  const hintId = useId();
  if (!setting.data) return null;
  const { available, nextSendAt } = setting.data;
  const enabled = save.isPending ? save.variables.enabled : setting.data.enabled;

  const change = (next: boolean) =>
    save.mutate(
      { enabled: next },
      {
        onSuccess: () => toast({ title: t(next ? 'myDay.email.on' : 'myDay.email.off') }),
        onError: (err) => toastFailure(err, t('myDay.email.failed'), t('myDay.email.failed')),
      },
    );

  const hint = !available
    ? t('myDay.email.unavailable')
    : enabled && nextSendAt && !save.isPending
      ? t('myDay.email.next', { when: formatDateTime(nextSendAt, timeZone) })
      : t('myDay.email.hint');
  return (
    <div className="flex items-center gap-3 rounded-2xl border bg-card/60 px-4 py-3">
      <MailIcon aria-hidden className="size-4 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Label htmlFor={id} className="leading-snug">
          {t('myDay.email.label')}
        </Label>
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={hintId}
        checked={available && enabled}
        disabled={!available || save.isPending}
        onCheckedChange={change}
      />
    </div>
  );
}
