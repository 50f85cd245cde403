import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useReport } from '../api/policy';

/** This month as YYYY-MM, in the browser's zone. */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** The month's urgent messages and held notifications per channel: counts only, never contents. */
export function MonthlyReport() {
  const { t } = useTranslation();
  const id = useId();
  const [month, setMonth] = useState(thisMonth);
  const report = useReport(month);
  const format = new Intl.NumberFormat('fr-FR');

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-2xl border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-0.5">
          <h3 id={`${id}-title`} className="font-semibold">
            {t('disconnect.report.title')}
          </h3>
          <p className="text-muted-foreground text-xs">{t('disconnect.report.description')}</p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-month`}>{t('disconnect.report.month')}</Label>
          <Input
            id={`${id}-month`}
            type="month"
            className="w-44 [color-scheme:light] dark:[color-scheme:dark]"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        </div>
      </div>
      {report.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t('disconnect.report.failed')}
        </p>
      ) : !report.data ? (
        <Skeleton className="h-24" />
      ) : report.data.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('disconnect.report.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('disconnect.report.title')}</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground text-xs">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('disconnect.report.channel')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t('disconnect.report.urgent')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('disconnect.report.held')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data.items.map((item) => (
                <tr key={item.channelId} className="border-b last:border-0">
                  <th scope="row" className="max-w-48 truncate py-2 pr-3 text-left font-medium">
                    {item.channelName}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {format.format(item.urgentMessages)}
                  </td>
                  <td className="py-2 text-right tabular-nums">
                    {format.format(item.heldNotifications)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className="pt-2 pr-3 text-left">
                  {t('disconnect.report.total')}
                </th>
                <td className="pt-2 pr-3 text-right tabular-nums">
                  {format.format(report.data.totals.urgentMessages)}
                </td>
                <td className="pt-2 text-right tabular-nums">
                  {format.format(report.data.totals.heldNotifications)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
