import { lazy, Suspense, useEffect, useState } from 'react';

const SwitcherPanel = lazy(() =>
  import('./switcher-panel').then((module) => ({ default: module.SwitcherPanel })),
);

/** Ctrl/Cmd+K: jump to any channel or person (a person without a DM gets one). */
export function QuickSwitcher() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const handleKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((current) => !current);
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SwitcherPanel onClose={() => setOpen(false)} />
    </Suspense>
  );
}
