import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeZoneSetting } from '#shared/reminders';
import { apiRequest } from '@/lib/api';
import { toastFailure } from '@/lib/toast-failure';
import { browserTimeZone } from '../lib/time-zone';

const TIME_ZONE_KEY = ['me', 'time-zone'] as const;
const SELECT_CLASS =
  'h-9 w-full max-w-xs rounded-md border border-input bg-transparent px-3 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 dark:bg-input/30 [&>option]:bg-popover';

function zones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, browserTimeZone(), 'Europe/Paris', ...all])].sort();
}

/**
 * The zone reminders and scheduled messages are read in (« demain 9h »): the browser's until
 * one is chosen here (docs/product.md, "Rappels et envois programmés").
 */
export function TimeZoneField() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: TIME_ZONE_KEY,
    queryFn: () => apiRequest<TimeZoneSetting>('GET', '/api/me/time-zone'),
  });
  const save = useMutation({
    mutationFn: (timeZone: string) =>
      apiRequest<TimeZoneSetting>('PUT', '/api/me/time-zone', { timeZone }),
    onSuccess: (setting) => queryClient.setQueryData(TIME_ZONE_KEY, setting),
    onError: (err) =>
      toastFailure(err, t('reminders.timeZoneFailed'), t('reminders.timeZoneFailed')),
  });
  const current = query.data?.chosen ? query.data.timeZone : browserTimeZone();
  const options = useMemo(() => zones(current), [current]);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {t('reminders.timeZone')}
      </label>
      <select
        id={id}
        className={SELECT_CLASS}
        value={current}
        disabled={query.isPending || save.isPending}
        onChange={(e) => save.mutate(e.target.value)}
      >
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
    </div>
  );
}
