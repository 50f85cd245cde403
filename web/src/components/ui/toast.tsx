import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#shared/limits';
import { cn } from '@/lib/utils';

/** docs/product.md §9: 5000 ms by default, swipe right past 50 px to dismiss. */
export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  );
}

/**
 * docs/product.md §9: F8 focuses the toast area; at most 420 px wide from medium screens up.
 * Top right, below the header (the phone's 3.5 rem bar, the desktop's channel header), so a
 * toast never covers the composer, its send button or the phone's header and bottom bar.
 */
export function ToastViewport({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Viewport>) {
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Viewport
      hotkey={['F8']}
      label={t('toast.region')}
      className={cn(
        'fixed top-[calc(3.5rem+env(safe-area-inset-top))] right-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-none md:top-16 md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-2xl transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out data-[swipe=end]:animate-toast-out',
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-popover-foreground',
        destructive:
          'destructive border-destructive-fill bg-destructive-fill text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitive.Root> &
  VariantProps<typeof toastVariants>;

/**
 * A toast is a dismissable layer that opens after the dialog it shows over, so Radix hands it
 * the Escape meant for that dialog (it closes the toast, and the dialog stays). Escape pressed
 * in a dialog closes the dialog, through its own close control, and leaves the toast alone.
 */
function escapeToDialog(event: KeyboardEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || target.closest('[data-radix-toast-viewport], li[data-swipe-direction]')) return;
  const dialog = target.closest('[role="dialog"], [role="alertdialog"]');
  if (!dialog) return;
  event.preventDefault();
  const close = dialog.querySelector<HTMLElement>('[data-escape-close]');
  close?.click();
}

export function Toast({ className, variant, onEscapeKeyDown, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      className={cn(toastVariants({ variant }), className)}
      onEscapeKeyDown={(event) => {
        onEscapeKeyDown?.(event);
        if (!event.defaultPrevented) escapeToDialog(event);
      }}
      {...props}
    />
  );
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'inline-flex h-8 shrink-0 cursor-pointer items-center justify-center rounded-md border bg-transparent px-3 font-medium text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 group-[.destructive]:border-destructive-foreground/40 group-[.destructive]:hover:bg-destructive-foreground/10',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Close
      className={cn(
        'absolute top-2 right-2 cursor-pointer rounded-md p-1 text-foreground/60 opacity-70 transition-opacity outline-none hover:text-foreground hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring group-[.destructive]:text-destructive-foreground/80 group-[.destructive]:hover:text-destructive-foreground',
        className,
      )}
      aria-label={t('common.close')}
      {...props}
    >
      <XIcon className="size-4" aria-hidden />
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('font-semibold text-sm', className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

export type ToastActionElement = ReactElement<typeof ToastAction>;
