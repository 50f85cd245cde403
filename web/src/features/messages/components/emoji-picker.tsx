import { SmilePlusIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_REACTIONS } from '#shared/limits';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useTheme } from '@/lib/use-theme';
import { cn } from '@/lib/utils';

// The full picker is large: loaded on first open only.
const FullPicker = lazy(() => import('./full-emoji-picker'));

/**
 * The add-reaction popover: the 8 quick emojis (docs/product.md §9) on top, the full picker on demand.
 */
export function ReactionPicker({
  onPick,
  children,
  open,
  onOpenChange,
}: {
  onPick: (emoji: string) => void;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const [full, setFull] = useState(false);
  const [innerOpen, setInnerOpen] = useState(false);
  const isOpen = open ?? innerOpen;
  const setOpen = (next: boolean) => {
    if (!next) setFull(false);
    setInnerOpen(next);
    onOpenChange?.(next);
  };
  const pick = (emoji: string) => {
    onPick(emoji);
    setOpen(false);
  };
  return (
    <Popover open={isOpen} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent
        onCloseAutoFocus={(event) => event.preventDefault()}
        align="end"
        className={cn('w-auto p-2', full && 'p-0')}
        aria-label={t('reactions.add')}
      >
        {full ? (
          <Suspense fallback={<div className="h-[420px] w-[340px]" />}>
            <FullPicker theme={theme} onPick={pick} searchPlaceholder={t('reactions.search')} />
          </Suspense>
        ) : (
          <fieldset
            className="m-0 flex items-center gap-0.5 border-0 p-0"
            aria-label={t('reactions.quick')}
          >
            {QUICK_REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                onClick={() => pick(emoji)}
                aria-label={emoji}
                className="grid size-9 cursor-pointer place-items-center rounded-md text-xl transition hover:scale-110 hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              >
                {emoji}
              </button>
            ))}
            <button
              type="button"
              onClick={() => setFull(true)}
              aria-label={t('reactions.more')}
              title={t('reactions.more')}
              className="ml-1 grid size-9 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <SmilePlusIcon className="size-5" aria-hidden />
            </button>
          </fieldset>
        )}
      </PopoverContent>
    </Popover>
  );
}
