import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditEntry } from '#shared/audit';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuditLog } from '../api/admin-api';

const ALL = 'all';

/** « Journal d’audit »: who did what, newest first, filtered by action. */
export function AuditSection() {
  const { t } = useTranslation();
  const [action, setAction] = useState<string>(ALL);
  const [actor, setActor] = useState<{ id: string; name: string } | null>(null);
  const filterId = useId();
  const log = useAuditLog({ action: action === ALL ? undefined : action, actor: actor?.id });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="grid gap-4">
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={filterId}>{t('adminConsole.audit.filter')}</Label>
        <Select value={action} onValueChange={setAction}>
          <SelectTrigger id={filterId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t('adminConsole.audit.allActions')}</SelectItem>
            {AUDIT_ACTIONS.map((a) => (
              <SelectItem key={a} value={a}>
                {t(`adminConsole.audit.actions.${a}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {actor ? (
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-start"
          onClick={() => setActor(null)}
        >
          {t('adminConsole.audit.actorFilter', { actor: actor.name })}
          <XIcon aria-hidden />
        </Button>
      ) : null}
      {log.isError ? (
        <p className="text-destructive text-sm">{t('adminConsole.audit.failed')}</p>
      ) : !log.data ? (
        <Skeleton className="h-32" />
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('adminConsole.audit.none')}</p>
      ) : (
        <ol aria-label={t('adminConsole.audit.list')} className="grid gap-2">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} onActor={setActor} />
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {t('adminConsole.more')}
        </Button>
      ) : null}
    </div>
  );
}

function AuditRow({
  entry,
  onActor,
}: {
  entry: AuditEntry;
  onActor: (actor: { id: string; name: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const key = `adminConsole.audit.actions.${entry.action}`;
  const label = i18n.exists(key) ? t(key) : entry.action;
  return (
    <li
      data-action={entry.action}
      className="grid gap-1 rounded-xl border bg-card px-4 py-3 text-sm sm:grid-cols-[10rem_1fr]"
    >
      <time dateTime={entry.createdAt} className="text-muted-foreground">
        {format(new Date(entry.createdAt), 'dd/MM/yyyy HH:mm:ss', { locale: fr })}
      </time>
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium">{label}</span>
        <span className="break-words text-muted-foreground">
          {t('adminConsole.audit.by')}{' '}
          {entry.actor ? (
            <button
              type="button"
              className="rounded underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              title={t('adminConsole.audit.filterByActor')}
              onClick={() => {
                const { actor } = entry;
                if (actor) onActor({ id: actor.id, name: actor.name ?? t('common.unknownUser') });
              }}
            >
              {entry.actor.name ?? t('common.unknownUser')}
            </button>
          ) : (
            t('adminConsole.audit.system')
          )}
          {entry.target?.label
            ? ` · ${t('adminConsole.audit.target', { target: entry.target.label })}`
            : null}
          {entry.address
            ? ` · ${t('adminConsole.audit.address', { address: entry.address })}`
            : null}
        </span>
        <SettingChange entry={entry} />
      </div>
    </li>
  );
}

/** A setting changed (`settings.changed`): which, and its value before and after. */
function SettingChange({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const { setting, from, to } = entry.details;
  if (entry.action !== 'settings.changed' || typeof setting !== 'string') return null;
  const key = `adminConsole.audit.settings.${setting}`;
  return (
    <span className="break-words text-muted-foreground" data-setting={setting}>
      {t('adminConsole.audit.settingChange', {
        setting: i18n.exists(key) ? t(key) : setting,
        from: String(from ?? ''),
        to: String(to ?? ''),
      })}
    </span>
  );
}
