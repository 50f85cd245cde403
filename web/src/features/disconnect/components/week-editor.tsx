import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_WORKING_END,
  DEFAULT_WORKING_START,
  minutesOf,
  type WeekHours,
  type WorkingDay,
} from '#shared/disconnect';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** A day whose end does not follow its start (the server says the same, in French). */
export const dayInvalid = (day: WorkingDay) =>
  !('off' in day) && minutesOf(day.end) <= minutesOf(day.start);

export const weekInvalid = (week: WeekHours) => week.days.some(dayInvalid);

const TIME_CLASS = 'h-8 w-[7.5rem] px-2 tabular-nums [color-scheme:light] dark:[color-scheme:dark]';

/**
 * Seven days, Monday first: each on or off, with one interval of the person's zone when on
 * (shared/disconnect.ts), and whether public holidays are off. Used by « Heures de travail » and
 * by the policy's default week.
 */
export function WeekEditor({
  value,
  onChange,
  disabled,
}: {
  value: WeekHours;
  onChange: (week: WeekHours) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const setDay = (next: WorkingDay) =>
    onChange({ ...value, days: value.days.map((d) => (d.weekday === next.weekday ? next : d)) });

  return (
    <div className="grid gap-3">
      <ul aria-label={t('disconnect.week.label')} className="grid gap-2">
        {value.days.map((day) => {
          const name = t(`disconnect.weekdays.${day.weekday}`);
          const on = !('off' in day);
          const invalid = dayInvalid(day);
          const rowId = `${id}-${day.weekday}`;
          return (
            <li key={day.weekday} className="grid gap-1">
              <div className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1.5">
                <div className="flex w-32 items-center gap-2.5">
                  <Switch
                    id={`${rowId}-on`}
                    checked={on}
                    disabled={disabled}
                    aria-label={t('disconnect.week.worked', { day: name })}
                    onCheckedChange={(worked) =>
                      setDay(
                        worked
                          ? {
                              weekday: day.weekday,
                              start: DEFAULT_WORKING_START,
                              end: DEFAULT_WORKING_END,
                            }
                          : { weekday: day.weekday, off: true },
                      )
                    }
                  />
                  <Label htmlFor={`${rowId}-on`} className="font-medium">
                    {name}
                  </Label>
                </div>
                {on ? (
                  <div className="flex items-center gap-1.5">
                    <Input
                      type="time"
                      step={300}
                      required
                      className={TIME_CLASS}
                      value={day.start}
                      disabled={disabled}
                      aria-label={t('disconnect.week.start', { day: name })}
                      onChange={(e) => e.target.value && setDay({ ...day, start: e.target.value })}
                    />
                    <span aria-hidden className="text-muted-foreground">
                      –
                    </span>
                    <Input
                      type="time"
                      step={300}
                      required
                      className={TIME_CLASS}
                      value={day.end}
                      disabled={disabled}
                      aria-label={t('disconnect.week.end', { day: name })}
                      aria-invalid={invalid || undefined}
                      aria-describedby={invalid ? `${rowId}-error` : undefined}
                      onChange={(e) => e.target.value && setDay({ ...day, end: e.target.value })}
                    />
                  </div>
                ) : (
                  <span className="text-muted-foreground text-sm">{t('disconnect.week.off')}</span>
                )}
              </div>
              {invalid ? (
                <p id={`${rowId}-error`} role="alert" className="text-destructive text-xs sm:pl-35">
                  {t('disconnect.week.endBeforeStart')}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="flex items-center justify-between gap-4 border-t pt-3">
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-holidays`}>{t('disconnect.week.holidays')}</Label>
          <p className="text-muted-foreground text-xs">{t('disconnect.week.holidaysHint')}</p>
        </div>
        <Switch
          id={`${id}-holidays`}
          checked={value.holidays}
          disabled={disabled}
          onCheckedChange={(holidays) => onChange({ ...value, holidays })}
        />
      </div>
    </div>
  );
}
