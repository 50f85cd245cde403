import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelFile } from '#shared/files';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useDeleteFile } from '../api/delete-file';

/** Deleting a file asks first: it goes for every member, bytes included. */
export function DeleteFileDialog({
  file,
  onClose,
}: {
  file: ChannelFile | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteFile();
  const name = file?.originalName ?? '';

  const handleDelete = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    if (!file) return;
    remove.mutate(
      { channelId: file.channelId, fileId: file.id },
      {
        onSuccess: () => {
          onClose();
          toast({ title: t('files.deleteDialog.success'), description: name });
        },
        onError: (error) => toastFailure(error, t('files.deleteError'), t('files.deleteError')),
      },
    );
  };

  return (
    <AlertDialog open={file !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('files.deleteDialog.title')}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">
            {t('files.deleteDialog.description', { name })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>
            {t('files.deleteDialog.cancel')}
          </AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={handleDelete}
            disabled={remove.isPending}
          >
            {t('files.deleteDialog.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
