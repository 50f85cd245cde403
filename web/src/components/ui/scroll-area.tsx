import { type ComponentProps, useEffect, useRef } from 'react';
import { SCROLLBAR_HIDE_DELAY_MS } from '#shared/limits';
import { cn } from '@/lib/utils';

/**
 * A native scroll container whose thin scrollbar shows while the pointer is over it or it
 * scrolls, and hides 600 ms after (docs/product.md §9): `.scroll-fade` in styles.css colours
 * the thumb while `data-scrollbar="shown"`. Native scrolling keeps the keyboard, touch and
 * the wheel as the platform has them; Radix's ScrollArea drew its own bar for the same
 * effect, with 31 KB of JavaScript in the channel view's first load (bundle-budget.test.ts).
 */
export function ScrollArea({ className, children, ...props }: ComponentProps<'div'>) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    let hovered = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      area.dataset.scrollbar = 'shown';
    };
    const hideLater = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!hovered) delete area.dataset.scrollbar;
      }, SCROLLBAR_HIDE_DELAY_MS);
    };
    const onScroll = () => {
      show();
      hideLater();
    };
    const onEnter = () => {
      hovered = true;
      show();
    };
    const onLeave = () => {
      hovered = false;
      hideLater();
    };
    area.addEventListener('scroll', onScroll, { passive: true });
    area.addEventListener('pointerenter', onEnter);
    area.addEventListener('pointerleave', onLeave);
    return () => {
      clearTimeout(timer);
      area.removeEventListener('scroll', onScroll);
      area.removeEventListener('pointerenter', onEnter);
      area.removeEventListener('pointerleave', onLeave);
    };
  }, []);
  return (
    <div ref={ref} className={cn('scroll-fade overflow-y-auto', className)} {...props}>
      {children}
    </div>
  );
}
