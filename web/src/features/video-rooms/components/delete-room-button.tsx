import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VideoRoom } from '#shared/video-rooms';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useDeleteVideoRoom } from '../api/delete-video-room';

export function DeleteRoomButton({ room }: { room: VideoRoom }) {
  const { t } = useTranslation();
  const remove = useDeleteVideoRoom();
  const handleDelete = () =>
    remove.mutate(room.id, {
      onSuccess: () => toast({ title: t('videoRooms.toast.deleted'), description: room.name }),
      onError: (error) =>
        toastFailure(error, t('videoRooms.toast.errorTitle'), t('videoRooms.toast.deleteError')),
    });
  return (
    <ConfirmDialog
      trigger={
        <IconButton type="button" label={t('videoRooms.list.delete', { name: room.name })}>
          <Trash2Icon aria-hidden />
        </IconButton>
      }
      title={t('videoRooms.delete.title')}
      description={t('videoRooms.delete.description', { name: room.name })}
      confirmLabel={t('videoRooms.delete.confirm')}
      destructive={false}
      onConfirm={handleDelete}
    />
  );
}
