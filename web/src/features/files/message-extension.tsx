import { lazy, Suspense } from 'react';
import type { MessageExtension, MessageExtensionProps } from '@/lib/message-extensions';

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

/** The files side of a message (lib/message-extensions.ts). */
export const filesMessageExtension: MessageExtension = {
  id: 'files',
  Attachments: FileAttachments,
};
