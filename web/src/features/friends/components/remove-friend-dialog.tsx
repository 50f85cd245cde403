import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend } from '#shared/friends';
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

  const handleRemove = (event: MouseEvent<HTMLButtonElement>) => {
    // Keep the dialog open until the server answers.
    event.preventDefault();
    if (!friend) return;
    remove.mutate(friend.user.id, {
      onSuccess: () => {
        toast({
          title: t('friends.toast.removedTitle'),
          description: t('friends.toast.removed', { name }),
        });
        onClose();
      },
      onError: (error) => toastFailure(error, t('friends.errorTitle'), t('friends.errors.remove')),
    });
  };

  return (
    <AlertDialog open={friend !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('friends.removeDialog.title', { name })}</AlertDialogTitle>
          <AlertDialogDescription>{t('friends.removeDialog.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={handleRemove}
            disabled={remove.isPending}
            variant="destructive"
          >
            {remove.isPending
              ? t('friends.removeDialog.removing')
              : t('friends.removeDialog.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
