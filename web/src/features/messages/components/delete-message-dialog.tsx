import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('messages.delete.title')}
      description={t('messages.delete.description')}
      cancelLabel={t('messages.delete.cancel')}
      confirmLabel={t('messages.delete.confirm')}
      onConfirm={handleConfirm}
    >
      <blockquote className="max-h-32 overflow-hidden rounded-md border-l-4 bg-muted/50 px-3 py-2 text-muted-foreground text-sm">
        {message.content}
      </blockquote>
    </ConfirmDialog>
  );
}
