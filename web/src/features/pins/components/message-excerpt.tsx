import { lazy, Suspense, useMemo } from 'react';

// Loaded with the first list that shows one, as the search dialog does.
const MessageSnippet = lazy(() =>
  import('@/features/messages/components/message-snippet').then((module) => ({
    default: module.MessageSnippet,
  })),
);

/** A message's text in a list (pins, saved): its formatting shown, not its `**marks**`. */
export function MessageExcerpt({ content }: { content: string }) {
  const parts = useMemo(() => [{ text: content, match: false }], [content]);
  return (
    <Suspense fallback={content}>
      <MessageSnippet parts={parts} />
    </Suspense>
  );
}
