import type { MouseEvent, ReactNode } from 'react';
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
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';

export interface ConfirmDialogProps {
  /** Controlled: whether the dialog shows. Leave out with `trigger`. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Uncontrolled: the element that opens the dialog (an `asChild` trigger). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  /** What is about to go, shown between the text and the buttons (a quoted message). */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while `pending`; the confirm label when left out. */
  pendingLabel?: string;
  /** Defaults to the common "Annuler". */
  cancelLabel?: string;
  /** Red confirm button (the default): the action cannot be undone. */
  destructive?: boolean;
  /** The action is under way: the confirm button is disabled. */
  pending?: boolean;
  /** Cancel is disabled too while pending (the action cannot be called back). */
  lockCancelWhilePending?: boolean;
  /**
   * The action. Returning nothing closes the dialog at once; returning a promise keeps it open
   * until the promise resolves: true closes it, false keeps it (a failure toast showed).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a mutation's `mutate` returns void, and that is the "close at once" case.
  onConfirm: () => void | Promise<boolean>;
}

/**
 * Asks before something is done that cannot be undone (a deletion, leaving, removing a friend):
 * a title, what will happen, Cancel and the confirm button.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  descriptionClassName,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  destructive = true,
  pending = false,
  lockCancelWhilePending = false,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const handleConfirm = async (event: MouseEvent<HTMLButtonElement>) => {
    const done = onConfirm();
    if (!done) return;
    // Keep the dialog open until the action answers.
    event.preventDefault();
    if (await done) onOpenChange?.(false);
  };
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className={descriptionClassName}>
            {description}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={lockCancelWhilePending && pending}>
            {cancelLabel ?? t('common.cancel')}
          </AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending}
            onClick={handleConfirm}
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
