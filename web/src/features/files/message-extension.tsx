import { lazy, Suspense } from 'react';
import {
  composerAttachments,
  type MessageExtension,
  type MessageExtensionProps,
} from '@/lib/message-extensions';
import {
  ComposerAttachButton,
  ComposerDropOverlay,
  ComposerPendingFiles,
} from './components/composer-parts';
import { useComposerFiles } from './hooks/use-composer-files';

// Loaded with the first message that has attachments, not with the message list.
const MessageAttachments = lazy(() =>
  import('./components/message-attachments').then((module) => ({
    default: module.MessageAttachments,
  })),
);

/** What a message shows of its attachments: thumbnails, lightbox, file cards. */
function FileAttachments({ message }: MessageExtensionProps) {
  if (message.attachments.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <MessageAttachments attachments={message.attachments} />
    </Suspense>
  );
}

/** The files side of a message and of the composer (lib/message-extensions.tsx). */
export const filesMessageExtension: MessageExtension = {
  id: 'files',
  Attachments: FileAttachments,
  composer: composerAttachments({
    useAttachments: useComposerFiles,
    Overlay: ComposerDropOverlay,
    Pending: ComposerPendingFiles,
    Button: ComposerAttachButton,
  }),
};
