import { type ComponentProps, useId } from 'react';
import { cn } from '@/lib/utils';

/** The Ruche mark: a honey hexagon with a cell cut out. Decorative; name it beside it. */
export function LogoMark({ className }: { className?: string }) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd166" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
      </defs>
      <path fill={`url(#${gradient})`} d="M16 2l12 7v14l-12 7L4 23V9z" />
      <path fill="#1a1205" fillOpacity="0.82" d="M16 9.5l5.6 3.25v6.5L16 22.5l-5.6-3.25v-6.5z" />
    </svg>
  );
}

/**
 * The mark and a name beside it. Other props reach the outer element, so a Radix title
 * (`SheetTitle asChild`) can give it the id the dialog is named by.
 */
export function Logo({ className, label, ...props }: ComponentProps<'span'> & { label: string }) {
  return (
    <span
      {...props}
      className={cn(
        'inline-flex min-w-0 items-center gap-2 font-semibold tracking-tight',
        className,
      )}
    >
      <LogoMark className="size-7" />
      <span className="truncate">{label}</span>
    </span>
  );
}
