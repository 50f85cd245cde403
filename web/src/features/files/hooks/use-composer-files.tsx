import { type ClipboardEvent, lazy, type ReactNode, Suspense } from 'react';
import { AttachButton } from '../components/attach-button';
import { useComposerUploads } from './use-composer-uploads';
import { useFileDrop } from './use-file-drop';

// The chips and the drop overlay load with the first file, not with the composer.
const ComposerFileChips = lazy(() =>
  import('../components/composer-files').then((m) => ({ default: m.ComposerFileChips })),
);
const FileDropOverlay = lazy(() =>
  import('../components/composer-files').then((m) => ({ default: m.FileDropOverlay })),
);

/**
 * The composer's files, ready to place (docs/product.md §2): the paperclip, the chips with
 * their progress, the drop overlay (files dropped anywhere on the page, for the channel's
 * main composer only), a paste handler for the text box, and what the message carries.
 */
export function useComposerFiles(channelId: string, { acceptDrops }: { acceptDrops: boolean }) {
  const uploads = useComposerUploads(channelId);
  const dragging = useFileDrop(uploads.add, acceptDrops);

  const handlePaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    uploads.add(files);
  };

  const attachButton: ReactNode = <AttachButton onFiles={uploads.add} />;
  const chips: ReactNode =
    uploads.uploads.length > 0 ? (
      <Suspense fallback={null}>
        <ComposerFileChips uploads={uploads.uploads} onRemove={uploads.remove} />
      </Suspense>
    ) : null;
  const overlay: ReactNode = dragging ? (
    <Suspense fallback={null}>
      <FileDropOverlay />
    </Suspense>
  ) : null;
  return {
    attachButton,
    chips,
    overlay,
    handlePaste,
    attachments: uploads.attachments,
    /** A file is still going up: the message waits for it. */
    busy: uploads.busy,
    clear: uploads.clear,
  };
}
