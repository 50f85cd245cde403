import { Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VideoRoom } from '#shared/video-rooms';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={t('videoRooms.list.delete', { name: room.name })}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('videoRooms.delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('videoRooms.delete.description', { name: room.name })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={handleDelete}>
            {t('videoRooms.delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
