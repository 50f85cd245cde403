import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useDeleteChannel } from '../api/delete-channel';
import { useLeaveChannel } from '../api/leave-channel';

interface DeleteChannelDialogProps {
  /** Delete the channel for everyone (its owner), or leave it (any other member). */
  mode: 'delete' | 'leave';
  channelId: string;
  channelName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const TEXT = {
  delete: {
    title: 'channelView.deleteTitle',
    description: 'channelView.deleteDescription',
    confirm: 'channelView.deleteConfirm',
    pending: 'channelView.deleting',
    doneTitle: 'channelView.deletedTitle',
    done: 'channelView.deleted',
    error: 'channelView.deleteError',
  },
  leave: {
    title: 'channelView.leaveTitle',
    description: 'channelView.leaveDescription',
    confirm: 'channelView.leaveConfirm',
    pending: 'channelView.leaving',
    doneTitle: 'channelView.leftTitle',
    done: 'channelView.left',
    error: 'channelView.leaveError',
  },
} as const;

/**
 * docs/product.md §2 delete (owner only), or leave (any other member): with confirmation; afterwards
 * the app goes to /.
 */
export function DeleteChannelDialog({
  mode,
  channelId,
  channelName,
  open,
  onOpenChange,
}: DeleteChannelDialogProps) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const deleteChannel = useDeleteChannel();
  const leaveChannel = useLeaveChannel();
  const mutation = mode === 'delete' ? deleteChannel : leaveChannel;
  const text = TEXT[mode];

  const handleDelete = async () => {
    try {
      // Awaited rather than mutate callbacks: the channel_deleted event may unmount this
      // view before the answer arrives, and the toast and the redirect must still happen.
      await mutation.mutateAsync(channelId);
    } catch (error) {
      toastFailure(error, t('channelView.errorTitle'), t(text.error));
      return false;
    }
    onOpenChange(false);
    toast({ title: t(text.doneTitle), description: t(text.done, { name: channelName }) });
    // The channel_deleted / member_removed event may already have sent the view home.
    if (window.location.pathname !== '/') navigate('/');
    // Already closed above, before the toast and the redirect.
    return false;
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(text.title, { name: channelName })}
      description={t(text.description)}
      confirmLabel={t(text.confirm)}
      pendingLabel={t(text.pending)}
      pending={mutation.isPending}
      lockCancelWhilePending
      onConfirm={handleDelete}
    />
  );
}
