import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import { DownloadIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#shared/files';
import type { AccountExport } from '#shared/privacy';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useAuthProviders } from '@/features/auth';
import { API_ORIGIN, ApiError } from '@/lib/api';
import { useAccountExports, useDeleteAccount, useRequestExport } from './api/account-data';
import { SettingsCard } from './settings-card';

const day = (iso: string) => format(new Date(iso), 'd MMMM yyyy', { locale: fr });

/**
 * « Vos données » (docs/privacy.md): download everything the account holds (made in the
 * background, its progress live, the link kept 7 days), and delete the account after 7 days
 * of grace.
 */
export function DataCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.data.title')} description={t('settings.data.description')}>
      <div className="grid gap-6">
        <ExportSection />
        <DeleteSection />
      </div>
    </SettingsCard>
  );
}

function ExportSection() {
  const { t } = useTranslation();
  const exports = useAccountExports();
  const request = useRequestExport();
  const latest = exports.data?.[0];
  const busy = latest?.status === 'pending' || latest?.status === 'running';
  return (
    <section aria-label={t('settings.data.exportTitle')} className="grid gap-3">
      <h3 className="font-medium text-sm">{t('settings.data.exportTitle')}</h3>
      <p className="text-muted-foreground text-sm">{t('settings.data.exportDescription')}</p>
      {latest ? <ExportStatus item={latest} /> : null}
      {exports.isError ? (
        <p className="text-destructive text-sm">{t('settings.data.loadFailed')}</p>
      ) : null}
      <div className="flex justify-end">
        <Button
          variant="outline"
          disabled={busy || request.isPending}
          onClick={() =>
            request.mutate(undefined, {
              onError: (err) =>
                toast({
                  variant: 'destructive',
                  title: t('settings.toast.errorTitle'),
                  description:
                    (err instanceof ApiError && err.serverMessage) ||
                    t('settings.data.exportFailed'),
                }),
            })
          }
        >
          <DownloadIcon aria-hidden />
          {t('settings.data.exportAction')}
        </Button>
      </div>
    </section>
  );
}

function ExportStatus({ item }: { item: AccountExport }) {
  const { t } = useTranslation();
  if (item.status === 'ready' && item.downloadUrl) {
    return (
      <div className="grid gap-1 rounded-xl border p-3 text-sm" data-export-status="ready">
        <a
          href={`${API_ORIGIN}${item.downloadUrl}`}
          download
          className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
        >
          {t('settings.data.download', { size: formatFileSize(item.size ?? 0) })}
        </a>
        <span className="text-muted-foreground">
          {t('settings.data.availableUntil', { date: day(item.expiresAt) })}
        </span>
      </div>
    );
  }
  if (item.status === 'failed') {
    return (
      <p className="text-destructive text-sm" data-export-status="failed">
        {t('settings.data.exportFailed')}
      </p>
    );
  }
  return (
    <div className="grid gap-2 rounded-xl border p-3 text-sm" data-export-status={item.status}>
      <span>{t('settings.data.preparing', { progress: item.progress })}</span>
      <div
        role="progressbar"
        aria-label={t('settings.data.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.progress}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${item.progress}%` }}
        />
      </div>
      <span className="text-muted-foreground text-xs">{t('settings.data.notified')}</span>
    </div>
  );
}

function DeleteSection() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const hasPassword = providers.data?.hasPassword ?? false;
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const passwordId = useId();

  const confirm = async (): Promise<boolean> => {
    setError(undefined);
    try {
      const result = await remove.mutateAsync(hasPassword ? { password } : {});
      // Signed out everywhere: the page that says when, and how to cancel, loads afresh.
      window.location.assign(
        `/account-deleted?until=${encodeURIComponent(result.eraseAfter ?? '')}`,
      );
      return true;
    } catch (err) {
      const message =
        (err instanceof ApiError && err.serverMessage) || t('settings.data.deleteFailed');
      setError(message);
      return false;
    }
  };

  return (
    <section aria-label={t('settings.data.deleteTitle')} className="grid gap-3">
      <h3 className="font-medium text-sm">{t('settings.data.deleteTitle')}</h3>
      <p className="text-muted-foreground text-sm">{t('settings.data.deleteDescription')}</p>
      <div className="flex justify-end">
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              setPassword('');
              setError(undefined);
            }
          }}
          trigger={
            <Button variant="destructive">
              <Trash2Icon aria-hidden />
              {t('settings.data.deleteAction')}
            </Button>
          }
          title={t('settings.data.deleteConfirmTitle')}
          description={t('settings.data.deleteConfirmDescription')}
          confirmLabel={t('settings.data.deleteConfirm')}
          pendingLabel={t('settings.data.deleting')}
          pending={remove.isPending}
          onConfirm={confirm}
        >
          {hasPassword ? (
            <FormField id={passwordId} label={t('settings.data.password')} error={error}>
              <Input
                id={passwordId}
                type="password"
                autoComplete="current-password"
                value={password}
                aria-invalid={Boolean(error)}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
          ) : error ? (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          ) : (
            <p className="text-muted-foreground text-sm">{t('settings.data.recentSignIn')}</p>
          )}
        </ConfirmDialog>
      </div>
    </section>
  );
}
