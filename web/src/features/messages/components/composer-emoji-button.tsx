import { SmileIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useTheme } from '@/lib/use-theme';

// The reactions' full picker, loaded on first open only (not in the channel's first load).
const FullPicker = lazy(() => import('./full-emoji-picker'));

/** The composer's emoji button: the full picker; the chosen emoji goes in at the caret. */
export default function ComposerEmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={t('composer.emojis.button')}
          title={t('composer.emojis.button')}
          className="grid size-8 cursor-pointer place-items-center rounded-lg text-muted-foreground transition hover:bg-accent hover:text-foreground"
        >
          <SmileIcon className="size-4" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent
        side="top"
        align="start"
        className="w-auto p-0"
        aria-label={t('composer.emojis.button')}
        // The caret goes back to where the emoji went in, not to this button.
        onCloseAutoFocus={(event) => event.preventDefault()}
      >
        {open ? (
          <Suspense fallback={<div className="h-[420px] w-[340px]" />}>
            <FullPicker
              theme={theme}
              searchPlaceholder={t('reactions.search')}
              onPick={(emoji) => {
                setOpen(false);
                onPick(emoji);
              }}
            />
          </Suspense>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
