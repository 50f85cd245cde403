import type { ClipboardEvent } from 'react';
import type { ComposerAttachmentsState } from '@/lib/message-extensions';
import { type ComposerUpload, useComposerUploads } from './use-composer-uploads';
import { useFileDrop } from './use-file-drop';

/** One composer's files: what the message carries, and what its parts show and do. */
export interface ComposerFiles extends ComposerAttachmentsState {
  uploads: readonly ComposerUpload[];
  add: (files: File[]) => void;
  remove: (upload: ComposerUpload) => void;
  /** Files are dragged over the page (the drop overlay shows). */
  dragging: boolean;
}

/**
 * The composer's files (docs/product.md §2): picked, dropped anywhere on the page (the
 * channel's main composer only) or pasted into the text box. State only: the parts that show
 * it are components (composer-parts.tsx).
 */
export function useComposerFiles(
  channelId: string,
  { acceptDrops }: { acceptDrops: boolean },
): ComposerFiles {
  const uploads = useComposerUploads(channelId);
  const dragging = useFileDrop(uploads.add, acceptDrops);
  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    uploads.add(files);
  };
  return {
    uploads: uploads.uploads,
    add: uploads.add,
    remove: uploads.remove,
    dragging,
    onPaste,
    attachments: uploads.attachments,
    busy: uploads.busy,
    clear: uploads.clear,
  };
}
