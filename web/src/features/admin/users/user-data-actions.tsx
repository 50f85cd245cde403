import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '#shared/files';
import type { AccountDeletion, AccountExport } from '#shared/privacy';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { API_ORIGIN, ApiError, apiGet, apiRequest } from '@/lib/api';
import { ADMIN_AUDIT_KEY, ADMIN_USERS_KEY } from '../api/admin-api';

/**
 * An administrator's RGPD acts on one account (docs/privacy.md, "Administrators"): export its
 * data (followed in a dialog until the zip can be downloaded), and erase it — at once, or
 * after 7 days of grace. The row puts `items` in its menu and `dialogs` beside it.
 */
export function useUserDataActions(user: { id: string }, name: string) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [exportId, setExportId] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const [graced, setGraced] = useState(false);
  const gracedId = useId();
  const path = `/api/admin/users/${encodeURIComponent(user.id)}`;
  const failed = (err: unknown) =>
    toast({
      variant: 'destructive',
      title: t('adminConsole.users.actionFailed'),
      description: (err instanceof ApiError && err.serverMessage) || undefined,
    });
  const requestExport = useMutation({
    mutationFn: () => apiRequest<AccountExport>('POST', `${path}/export`),
    onSuccess: (made) => setExportId(made.id),
    onError: failed,
  });
  const erase = useMutation({
    mutationFn: () =>
      apiRequest<AccountDeletion>('DELETE', path, { mode: graced ? 'graced' : 'immediate' }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });

  const items: ReactNode = (
    <>
      <DropdownMenuItem onSelect={() => requestExport.mutate()}>
        {t('adminConsole.data.export')}
      </DropdownMenuItem>
      <DropdownMenuItem variant="destructive" onSelect={() => setErasing(true)}>
        {t('adminConsole.data.erase')}
      </DropdownMenuItem>
    </>
  );
  const dialogs: ReactNode = (
    <>
      <ExportDialog id={exportId} name={name} onClose={() => setExportId(null)} />
      <ConfirmDialog
        open={erasing}
        onOpenChange={(open) => {
          setErasing(open);
          if (!open) setGraced(false);
        }}
        title={t('adminConsole.data.eraseTitle', { name })}
        description={t(
          graced ? 'adminConsole.data.eraseGraced' : 'adminConsole.data.eraseImmediate',
        )}
        confirmLabel={t('adminConsole.data.eraseConfirm')}
        pending={erase.isPending}
        onConfirm={() =>
          erase.mutateAsync().then(
            () => {
              toast({ title: t('adminConsole.data.erased', { name }) });
              return true;
            },
            (err: unknown) => {
              failed(err);
              return false;
            },
          )
        }
      >
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={gracedId}>{t('adminConsole.data.grace')}</Label>
          <Switch id={gracedId} checked={graced} onCheckedChange={setGraced} />
        </div>
      </ConfirmDialog>
    </>
  );
  return { items, dialogs };
}

/** The export an administrator asked for: its progress, then its download link. */
function ExportDialog({
  id,
  name,
  onClose,
}: {
  id: string | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['/api/account/export', id],
    queryFn: () => apiGet<AccountExport>(`/api/account/export/${id}`),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'ready' || query.state.data?.status === 'failed' ? false : 1000,
  });
  const item = status.data;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('adminConsole.data.exportTitle', { name })}</DialogTitle>
          <DialogDescription>{t('adminConsole.data.exportDescription')}</DialogDescription>
        </DialogHeader>
        {item?.status === 'ready' && item.downloadUrl ? (
          <a
            href={`${API_ORIGIN}${item.downloadUrl}`}
            download
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            {t('settings.data.download', { size: formatFileSize(item.size ?? 0) })}
          </a>
        ) : item?.status === 'failed' ? (
          <p className="text-destructive text-sm">{t('settings.data.exportFailed')}</p>
        ) : (
          <div
            role="progressbar"
            aria-label={t('settings.data.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item?.progress ?? 0}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${item?.progress ?? 0}%` }}
            />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
