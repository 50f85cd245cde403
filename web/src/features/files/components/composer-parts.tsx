import { lazy, Suspense } from 'react';
import type { ComposerFiles } from '../hooks/use-composer-files';
import { AttachButton } from './attach-button';

// The chips and the drop overlay load with the first file, not with the composer.
const ComposerFileChips = lazy(() =>
  import('./composer-files').then((m) => ({ default: m.ComposerFileChips })),
);
const FileDropOverlay = lazy(() =>
  import('./composer-files').then((m) => ({ default: m.FileDropOverlay })),
);

/** The paperclip of the composer's toolbar. */
export function ComposerAttachButton({ state }: { state: ComposerFiles }) {
  return <AttachButton onFiles={state.add} />;
}

/** Above the text box: one chip per file, with its progress. */
export function ComposerPendingFiles({ state }: { state: ComposerFiles }) {
  if (state.uploads.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ComposerFileChips uploads={state.uploads} onRemove={state.remove} />
    </Suspense>
  );
}

/** Over the page while files are dragged over it. */
export function ComposerDropOverlay({ state }: { state: ComposerFiles }) {
  if (!state.dragging) return null;
  return (
    <Suspense fallback={null}>
      <FileDropOverlay />
    </Suspense>
  );
}
