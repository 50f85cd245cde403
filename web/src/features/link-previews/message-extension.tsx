import { lazy, Suspense } from 'react';
import type { MessageExtension, MessageExtensionProps } from '@/lib/message-extensions';

// Loaded with the first message that has a preview, not with the message list.
const LinkPreviewCards = lazy(() =>
  import('./components/link-preview-cards').then((module) => ({
    default: module.LinkPreviewCards,
  })),
);

/** What a message shows of its links' pages (lib/message-extensions.tsx). */
function LinkPreviews({ message }: MessageExtensionProps) {
  if (!message.previews?.length) return null;
  return (
    <Suspense fallback={null}>
      <LinkPreviewCards message={message} />
    </Suspense>
  );
}

export const linkPreviewsMessageExtension: MessageExtension = {
  id: 'link-previews',
  Attachments: LinkPreviews,
};
