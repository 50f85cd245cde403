import { Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { frenchDay, TIME_OFF_LABEL_MAX, type TimeOff } from '#shared/disconnect';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { toastFailure } from '@/lib/toast-failure';
import { useAddTimeOff, useDeleteTimeOff } from '../api/working-hours';

/** « du 12 mars au 20 mars », or « le 12 mars » for one day. */
function useSpan() {
  const { t } = useTranslation();
  return (item: Pick<TimeOff, 'start' | 'end'>) =>
    item.start === item.end
      ? t('disconnect.timeOff.oneDay', { day: frenchDay(item.start) })
      : t('disconnect.timeOff.span', { start: frenchDay(item.start), end: frenchDay(item.end) });
}

/** Time off: off all day, the same as outside hours, with an automatic status (« En congé jusqu’au… »). */
export function TimeOffList({ timeOff }: { timeOff: TimeOff[] }) {
  const { t } = useTranslation();
  const span = useSpan();
  const remove = useDeleteTimeOff();
  return (
    <div className="grid gap-3 border-t pt-5">
      <div className="grid gap-0.5">
        <h3 className="font-semibold">{t('disconnect.timeOff.title')}</h3>
        <p className="text-muted-foreground text-xs">{t('disconnect.timeOff.description')}</p>
      </div>
      {timeOff.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('disconnect.timeOff.empty')}</p>
      ) : (
        <ul aria-label={t('disconnect.timeOff.listLabel')} className="grid gap-1.5">
          {timeOff.map((item) => (
            <li
              key={item.id}
              className="flex items-center justify-between gap-3 rounded-lg border bg-background/50 px-3 py-1.5"
            >
              <div className="min-w-0 text-sm">
                <span className="font-medium">{span(item)}</span>
                {item.label ? <span className="text-muted-foreground"> · {item.label}</span> : null}
              </div>
              <Button
                type="button"
                size="icon-sm"
                variant="ghost"
                disabled={remove.isPending}
                aria-label={t('disconnect.timeOff.delete', { span: span(item) })}
                onClick={() =>
                  remove.mutate(item.id, {
                    onError: (err) =>
                      toastFailure(
                        err,
                        t('disconnect.timeOff.failed'),
                        t('disconnect.timeOff.failed'),
                      ),
                  })
                }
              >
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddTimeOffForm />
    </div>
  );
}

function AddTimeOffForm() {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddTimeOff();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!start) return setError(t('disconnect.timeOff.startRequired'));
    const last = end || start;
    if (last < start) return setError(t('disconnect.timeOff.endBeforeStart'));
    add.mutate(
      { start, end: last, ...(label.trim() ? { label: label.trim() } : {}) },
      {
        onSuccess: () => {
          toast({ title: t('disconnect.timeOff.added') });
          setStart('');
          setEnd('');
          setLabel('');
        },
        onError: (err) =>
          setError(
            (err instanceof ApiError && err.serverMessage) || t('disconnect.timeOff.failed'),
          ),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('disconnect.timeOff.addLabel')}
      className="grid gap-3 rounded-xl border border-dashed p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>{t('disconnect.timeOff.start')}</Label>
          <Input
            id={`${id}-start`}
            type="date"
            className="[color-scheme:light] dark:[color-scheme:dark]"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-end`}>{t('disconnect.timeOff.end')}</Label>
          <Input
            id={`${id}-end`}
            type="date"
            className="[color-scheme:light] dark:[color-scheme:dark]"
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-label`}>{t('disconnect.timeOff.labelField')}</Label>
        <Input
          id={`${id}-label`}
          value={label}
          maxLength={TIME_OFF_LABEL_MAX}
          placeholder={t('disconnect.timeOff.labelPlaceholder')}
          onChange={(e) => setLabel(e.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {t('disconnect.timeOff.add')}
        </Button>
      </div>
    </form>
  );
}
