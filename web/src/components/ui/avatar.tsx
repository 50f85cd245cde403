import { Avatar as AvatarPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

export function AvatarFallback({
  className,
  ...props
}: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      className={cn(
        // An opaque disc (the primary at 15 % over the card), not a see-through tint: on an
        // active or hovered row a tint would stack and the initials fall below AA.
        'flex size-full items-center justify-center rounded-full bg-[color-mix(in_srgb,var(--color-primary)_15%,var(--color-card))] font-semibold text-primary text-xs uppercase',
        className,
      )}
      {...props}
    />
  );
}
