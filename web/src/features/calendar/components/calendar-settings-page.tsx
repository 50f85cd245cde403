import { ArrowLeftIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { CalendarConnection } from '#shared/calendar';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { toastFailure } from '@/lib/toast-failure';
import {
  useConnections,
  useDeleteConnection,
  useSyncConnection,
  useUpdateConnection,
} from '../api/connections';
import { AddConnectionDialog } from './add-connection-dialog';
import { ConnectionCard } from './connection-card';
import { PickCalendarDialog } from './pick-calendar-dialog';

/** docs/product.md §2: /calendar-settings — the connections, their sync, the add dialog. */
export function CalendarSettingsPage() {
  const { t } = useTranslation();
  const connections = useConnections();
  const update = useUpdateConnection();
  const remove = useDeleteConnection();
  const sync = useSyncConnection();
  const [adding, setAdding] = useState(false);
  const [picking, setPicking] = useState<CalendarConnection | null>(null);
  const [deleting, setDeleting] = useState<CalendarConnection | null>(null);
  const search = useSearch();
  const [, navigate] = useLocation();

  // Back from the provider: ?pick={id} to choose the calendar, ?error=… when it failed.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const error = params.get('error');
    if (error) {
      toast({
        variant: 'destructive',
        title: t('calendar.settings.toast.authorizeError'),
        description: error,
      });
      navigate('/calendar-settings', { replace: true });
    }
    const pick = params.get('pick');
    const found = pick ? connections.data?.find((c) => c.id === pick) : undefined;
    if (found) {
      setPicking(found);
      navigate('/calendar-settings', { replace: true });
    }
  }, [search, connections.data, navigate, t]);

  const failed = (key: string) => (error: unknown) =>
    toastFailure(error, t('calendar.toast.errorTitle'), t(key));

  const handleSync = (connection: CalendarConnection) =>
    sync.mutate(connection.id, {
      onSuccess: (result) =>
        toast({
          title: t('calendar.settings.toast.synced'),
          description: t('calendar.settings.toast.syncedText', { ...result }),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('calendar.settings.toast.syncErrorTitle'),
          description:
            (error instanceof ApiError && error.serverMessage) ||
            t('calendar.settings.toast.syncError'),
        }),
    });

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-center gap-3">
        <IconButton asChild label={t('calendar.settings.back')}>
          <Link href="/calendar">
            <ArrowLeftIcon aria-hidden />
          </Link>
        </IconButton>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h1 className="font-bold text-2xl tracking-tight">{t('calendar.settings.title')}</h1>
          <p className="hidden text-muted-foreground text-sm sm:block">
            {t('calendar.settings.description')}
          </p>
        </div>
        <Button onClick={() => setAdding(true)} aria-label={t('calendar.settings.add')}>
          <PlusIcon aria-hidden />
          <span className="hidden sm:inline">{t('calendar.settings.add')}</span>
        </Button>
      </header>
      {connections.isLoading ? (
        <p className="text-muted-foreground text-sm">{t('calendar.settings.loading')}</p>
      ) : connections.data?.length ? (
        <ul className="grid gap-3">
          {connections.data.map((connection) => (
            <ConnectionCard
              key={connection.id}
              connection={connection}
              syncing={sync.isPending && sync.variables === connection.id}
              busy={sync.isPending}
              onToggle={(isActive) =>
                update.mutate(
                  { id: connection.id, isActive },
                  {
                    onSuccess: () => toast({ title: t('calendar.settings.toast.updated') }),
                    onError: failed('calendar.settings.toast.updateError'),
                  },
                )
              }
              onDelete={() => setDeleting(connection)}
              onSync={() => handleSync(connection)}
              onPick={() => setPicking(connection)}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground text-sm">
          {t('calendar.settings.empty')}
        </p>
      )}
      <AddConnectionDialog open={adding} onOpenChange={setAdding} />
      <PickCalendarDialog connection={picking} onClose={() => setPicking(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('calendar.settings.confirmDelete')}
        description={t('calendar.settings.confirmDeleteHint')}
        confirmLabel={t('calendar.settings.delete')}
        destructive={false}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: t('calendar.settings.toast.deleted') }),
            onError: failed('calendar.settings.toast.deleteError'),
          });
        }}
      />
    </div>
  );
}
