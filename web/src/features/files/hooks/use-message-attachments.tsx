import { lazy, type ReactNode, Suspense } from 'react';
import type { Attachment } from '#shared/messages';

// Loaded with the first message that has attachments, not with the message list.
const MessageAttachments = lazy(() =>
  import('../components/message-attachments').then((module) => ({
    default: module.MessageAttachments,
  })),
);

/**
 * What a message shows of its attachments (thumbnails, lightbox, file cards): the messages
 * feature places it under the text, without reaching into this feature's components.
 */
export function useMessageAttachments(attachments: readonly Attachment[]): ReactNode {
  if (attachments.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <MessageAttachments attachments={attachments} />
    </Suspense>
  );
}
