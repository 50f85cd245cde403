import { useTranslation } from 'react-i18next';
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

/**
 * « Prévenir les 23 membres de #canal ? » — asked before a channel-wide mention in a channel of
 * more than 10 members (docs/product.md, "@channel, @here, @everyone").
 */
export function BroadcastConfirmDialog({
  open,
  count,
  channel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  count: number;
  channel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('broadcast.confirmTitle', { count, channel })}</AlertDialogTitle>
          <AlertDialogDescription>{t('broadcast.confirmDescription')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('broadcast.cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('broadcast.confirm')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
