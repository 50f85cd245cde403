import { formatDistanceToNow } from 'date-fns';
import { fr } from 'date-fns/locale';
import { MonitorSmartphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '#shared/auth';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useEndOtherSessions, useEndSession } from './api/end-sessions';
import { useSessions } from './api/get-sessions';

/** The browsers and devices signed in to this account, each of which can be signed out. */
export function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const failed = () =>
    toast({
      variant: 'destructive',
      title: t('settings.toast.errorTitle'),
      description: t('settings.security.endFailed'),
    });

  if (sessions.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (sessions.isError)
    return <p className="text-destructive text-sm">{t('settings.security.loadFailed')}</p>;
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="grid gap-3">
      <ul aria-label={t('settings.security.sessions')} className="grid gap-2">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} onFailure={failed} />
        ))}
      </ul>
      {others.length > 0 ? (
        <div className="flex justify-end">
          <Button
            variant="outline"
            disabled={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: () => toast({ title: t('settings.security.othersEnded') }),
                onError: failed,
              })
            }
          >
            {t('settings.security.endOthers')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function SessionRow({ session, onFailure }: { session: SessionInfo; onFailure: () => void }) {
  const { t } = useTranslation();
  const end = useEndSession();
  const device = session.device ?? t('settings.security.unknownDevice');
  const lastUsed = formatDistanceToNow(new Date(session.lastUsedAt), {
    addSuffix: true,
    locale: fr,
  });
  return (
    <li className="flex items-center gap-3 rounded-xl border px-3 py-2.5">
      <MonitorSmartphoneIcon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-center gap-2 truncate font-medium text-sm">
          {device}
          {session.current ? (
            <Badge variant="secondary">{t('settings.security.thisSession')}</Badge>
          ) : null}
        </span>
        <span className="text-muted-foreground text-xs">
          {t('settings.security.lastUsed', { when: lastUsed })}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          disabled={end.isPending}
          aria-label={t('settings.security.endSessionOf', { device })}
          onClick={() => end.mutate(session.id, { onError: onFailure })}
        >
          {t('settings.security.endSession')}
        </Button>
      )}
    </li>
  );
}
