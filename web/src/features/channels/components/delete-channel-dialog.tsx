import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
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
import { useDeleteChannel } from '../api/delete-channel';

interface DeleteChannelDialogProps {
  channelId: string;
  channelName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2: owner only, with confirmation; afterwards the app goes to /. */
export function DeleteChannelDialog({
  channelId,
  channelName,
  open,
  onOpenChange,
}: DeleteChannelDialogProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const deleteChannel = useDeleteChannel();

  const handleDelete = async (event: MouseEvent<HTMLButtonElement>) => {
    // Keep the dialog open until the server answers.
    event.preventDefault();
    try {
      // Awaited rather than mutate callbacks: the channel_deleted event may unmount this
      // view before the answer arrives, and the toast and the redirect must still happen.
      await deleteChannel.mutateAsync(channelId);
    } catch (error) {
      toastFailure(error, t('channelView.errorTitle'), t('channelView.deleteError'));
      return;
    }
    onOpenChange(false);
    toast({
      title: t('channelView.deletedTitle'),
      description: t('channelView.deleted', { name: channelName }),
    });
    // The channel_deleted event may already have sent the view home.
    if (window.location.pathname !== '/') navigate('/');
  };

  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('channelView.deleteTitle', { name: channelName })}</AlertDialogTitle>
          <AlertDialogDescription>{t('channelView.deleteDescription')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteChannel.isPending}>
            {t('common.cancel')}
          </AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={handleDelete}
            disabled={deleteChannel.isPending}
          >
            {deleteChannel.isPending ? t('channelView.deleting') : t('channelView.deleteConfirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
