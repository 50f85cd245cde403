import { ChevronDownIcon, LanguagesIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { translate } from '@/lib/entry-catalogue';
import { cn } from '@/lib/utils';

// The select (and its popper) loads after the page shows: the landing page's first load
// carries this look-alike only (bundle-budget.test.ts).
const LanguageSelect = lazy(() =>
  import('./language-select').then((module) => ({ default: module.LanguageSelect })),
);

/** The interface language (docs/product.md §1: French only for now). */
export function LanguageSwitcher({ className }: { className?: string }) {
  return (
    <Suspense fallback={<LanguageSwitcherPlaceholder className={className} />}>
      <LanguageSelect className={className} />
    </Suspense>
  );
}

/** Same size and text as the select's trigger, inert, until the select has loaded. */
function LanguageSwitcherPlaceholder({ className }: { className?: string }) {
  // The entry has no i18next: the page's own language (set before the first paint).
  const language = document.documentElement.lang || 'fr';
  return (
    <span
      aria-hidden
      className={cn(
        'flex h-9 w-auto items-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-2 py-2 text-sm sm:px-3 [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
    >
      <LanguagesIcon className="hidden text-muted-foreground sm:block" />
      <span>{translate(`common.language.${language}`)}</span>
      <ChevronDownIcon className="opacity-60" />
    </span>
  );
}
