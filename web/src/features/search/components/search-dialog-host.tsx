import { lazy, Suspense, useEffect } from 'react';
import { setSearchDialogOpen, useSearchDialogOpen } from '../hooks/use-search-dialog';

const SearchDialog = lazy(() =>
  import('./search-dialog').then((module) => ({ default: module.SearchDialog })),
);

/**
 * Ctrl/Cmd+Shift+F, and whatever calls openSearchDialog (the rail, the mobile menu): the
 * search dialog, loaded the first time it opens.
 */
export function SearchDialogHost() {
  const open = useSearchDialogOpen();
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (
        (event.ctrlKey || event.metaKey) &&
        event.shiftKey &&
        !event.altKey &&
        event.key.toLowerCase() === 'f'
      ) {
        event.preventDefault();
        setSearchDialogOpen(true);
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog onClose={() => setSearchDialogOpen(false)} />
    </Suspense>
  );
}
