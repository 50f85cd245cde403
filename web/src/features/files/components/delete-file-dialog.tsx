import { useTranslation } from 'react-i18next';
import type { ChannelFile } from '#shared/files';
import { ConfirmDialog } from '@/components/confirm-dialog';
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

  const handleDelete = async () => {
    if (!file) return false;
    try {
      await remove.mutateAsync({ channelId: file.channelId, fileId: file.id });
    } catch (error) {
      toastFailure(error, t('files.deleteError'), t('files.deleteError'));
      return false;
    }
    toast({ title: t('files.deleteDialog.success'), description: name });
    return true;
  };

  return (
    <ConfirmDialog
      open={file !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={t('files.deleteDialog.title')}
      description={t('files.deleteDialog.description', { name })}
      descriptionClassName="break-words"
      cancelLabel={t('files.deleteDialog.cancel')}
      confirmLabel={t('files.deleteDialog.confirm')}
      pending={remove.isPending}
      lockCancelWhilePending
      onConfirm={handleDelete}
    />
  );
}
