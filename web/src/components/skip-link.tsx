import { useSkipTarget } from '@/lib/skip-link';

/**
 * The page's first tab stop when the screen has a target (lib/skip-link.ts): hidden until
 * focused, then shown at the top left; Enter takes the focus there (the composer).
 */
export function SkipLink() {
  const target = useSkipTarget();
  if (!target) return null;
  return (
    <button
      type="button"
      onClick={() => target.focus()}
      // The focus ring is the global :focus-visible outline (styles.css).
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground text-sm focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {target.label}
    </button>
  );
}
