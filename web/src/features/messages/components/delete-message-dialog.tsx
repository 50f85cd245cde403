import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
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
import { isUnauthorized } from '@/lib/api';
import { useDeleteMessage } from '../api/delete-message';

/** Delete with confirmation (own messages only). */
export function DeleteMessageDialog({
  message,
  open,
  onOpenChange,
}: {
  message: Message;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteMessage();
  const handleConfirm = () =>
    remove.mutate(message, {
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast({
          variant: 'destructive',
          title: t('messages.errors.title'),
          description: t('messages.errors.delete'),
        });
      },
    });
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('messages.delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('messages.delete.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <blockquote className="max-h-32 overflow-hidden rounded-md border-l-4 bg-muted/50 px-3 py-2 text-muted-foreground text-sm">
          {message.content}
        </blockquote>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('messages.delete.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={handleConfirm}>
            {t('messages.delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
