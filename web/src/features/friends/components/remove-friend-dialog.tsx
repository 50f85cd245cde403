import { useTranslation } from 'react-i18next';
import type { Friend } from '#shared/friends';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { useRemoveFriend } from '../api/remove-friend';

/** Removing a friend asks first: it ends the friendship for both. */
export function RemoveFriendDialog({
  friend,
  onClose,
}: {
  friend: Friend | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const remove = useRemoveFriend();
  const name = friend ? displayName(friend.user) : '';

  const handleRemove = async () => {
    if (!friend) return false;
    try {
      await remove.mutateAsync(friend.user.id);
    } catch (error) {
      toastFailure(error, t('friends.errorTitle'), t('friends.errors.remove'));
      return false;
    }
    toast({
      title: t('friends.toast.removedTitle'),
      description: t('friends.toast.removed', { name }),
    });
    return true;
  };

  return (
    <ConfirmDialog
      open={friend !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('friends.removeDialog.title', { name })}
      description={t('friends.removeDialog.description')}
      confirmLabel={t('friends.removeDialog.confirm')}
      pendingLabel={t('friends.removeDialog.removing')}
      pending={remove.isPending}
      onConfirm={handleRemove}
    />
  );
}
