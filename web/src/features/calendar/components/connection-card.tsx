import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { AlertTriangleIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarConnection } from '#shared/calendar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

interface ConnectionCardProps {
  connection: CalendarConnection;
  syncing: boolean;
  /** Another connection is syncing: one at a time (docs/product.md §4). */
  busy: boolean;
  onToggle: (active: boolean) => void;
  onDelete: () => void;
  onSync: () => void;
  onPick: () => void;
}

/** docs/product.md §2: active badge and switch, delete, direction, last sync, "Sync now". */
export function ConnectionCard(props: ConnectionCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const { connection } = props;
  const provider = t(`calendar.source.${connection.provider}`);
  const name = connection.calendarName || t('calendar.settings.unnamed', { provider });
  return (
    <li
      data-testid="connection-card"
      className="grid gap-3 rounded-lg border bg-card p-4"
      aria-label={name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{name}</span>
        <Badge variant="secondary">{provider}</Badge>
        {connection.status === 'pending' ? (
          <Badge variant="outline">{t('calendar.settings.status.pending')}</Badge>
        ) : null}
        <Badge variant={connection.isActive ? 'default' : 'outline'}>
          {connection.isActive ? t('calendar.settings.active') : t('calendar.settings.inactive')}
        </Badge>
        <span className="ms-auto flex items-center gap-2">
          <Switch
            id={`${id}-active`}
            checked={connection.isActive}
            aria-label={t('calendar.settings.activeSwitch', { name })}
            onCheckedChange={props.onToggle}
          />
          <IconButton label={t('calendar.settings.deleteLabel', { name })} onClick={props.onDelete}>
            <Trash2Icon aria-hidden />
          </IconButton>
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('calendar.settings.directionLabel')}</dt>
        <dd>{t(`calendar.settings.direction.${connection.syncDirection}`)}</dd>
        <dt className="sr-only">{t('calendar.settings.lastSync', { date: '' })}</dt>
        <dd className="col-span-2 text-muted-foreground">
          {connection.lastSyncAt
            ? t('calendar.settings.lastSync', {
                date: format(new Date(connection.lastSyncAt), 'dd/MM/yyyy HH:mm', { locale: fr }),
              })
            : t('calendar.settings.neverSynced')}
        </dd>
      </dl>
      {connection.status === 'failed' ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <AlertTriangleIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          <div className="grid gap-0.5">
            <span className="font-medium">{t('calendar.settings.status.failed')}</span>
            {connection.lastError ? (
              <span className="text-muted-foreground">{connection.lastError}</span>
            ) : null}
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {connection.status !== 'pending' && !connection.calendarId ? (
          <Button size="sm" onClick={props.onPick}>
            {t('calendar.settings.pickCalendar')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          disabled={!connection.isActive || props.busy || !connection.calendarId}
          onClick={props.onSync}
        >
          <RefreshCwIcon aria-hidden className={cn(props.syncing && 'animate-spin')} />
          {props.syncing ? t('calendar.settings.syncing') : t('calendar.settings.syncNow')}
        </Button>
      </div>
    </li>
  );
}
