import { memo, type ReactNode, useMemo } from 'react';
import type { SnippetPart } from '#shared/search';
import { type MarkdownComponents, renderMarkdown } from '@/lib/markdown';
import { remarkShortcodes, useShortcodeTable } from '../lib/emoji-shortcodes';
import { remarkHighlights } from '../lib/remark-highlights';

const START = '\uE000';
const END = '\uE001';

type InlineProps = { children?: ReactNode };
const InlineBlock = ({ children }: InlineProps) => <span>{children} </span>;
const InlineHeading = ({ children }: InlineProps) => (
  <span className="font-semibold">{children} </span>
);
const InlineQuote = ({ children }: InlineProps) => (
  <span className="border-muted-foreground/40 border-l-2 pl-1.5">{children} </span>
);

/**
 * An excerpt is read on one or a few lines inside a result (an option the reader picks, so
 * nothing in it is a link or loads an image): blocks flow inline, links and images show
 * their text.
 */
const components: MarkdownComponents = {
  p: InlineBlock,
  h1: InlineHeading,
  h2: InlineHeading,
  h3: InlineHeading,
  h4: InlineHeading,
  h5: InlineHeading,
  h6: InlineHeading,
  blockquote: InlineQuote,
  ul: InlineBlock,
  ol: InlineBlock,
  li: InlineBlock,
  table: InlineBlock,
  thead: InlineBlock,
  tbody: InlineBlock,
  tr: InlineBlock,
  th: InlineBlock,
  td: InlineBlock,
  pre: InlineBlock,
  hr: () => <span aria-hidden> — </span>,
  br: () => <span> </span>,
  a: ({ children }: InlineProps) => <span className="font-medium text-link">{children}</span>,
  img: ({ alt }: { alt?: string }) => (alt ? <span>{alt}</span> : null),
  strong: ({ children }: InlineProps) => (
    <strong className="font-semibold text-foreground">{children}</strong>
  ),
  code: ({ children }: InlineProps) => (
    <code className="rounded bg-muted px-1 py-px font-mono text-[0.875em] text-rose-700 dark:text-rose-300">
      {children}
    </code>
  ),
  mark: ({ children }: InlineProps) => (
    <mark className="rounded-sm bg-primary/25 px-0.5 text-foreground">{children}</mark>
  ),
};

/**
 * A search result's excerpt rendered as its message is (issue 45, item 9): bold, code, links
 * and emojis as formatting, not `**marks**`, with the words the query found highlighted.
 */
export const MessageSnippet = memo(function MessageSnippet({
  parts,
}: {
  parts: readonly SnippetPart[];
}) {
  const markdown = useMemo(
    () =>
      parts
        .map(({ text, match }) => {
          const clean = text.replace(/[\uE000\uE001]/g, '');
          return match ? `${START}${clean}${END}` : clean;
        })
        .join(''),
    [parts],
  );
  const shortcodes = useShortcodeTable(markdown);
  const plugins = useMemo(
    () => [remarkShortcodes(shortcodes), remarkHighlights(START, END)],
    [shortcodes],
  );
  // Nothing in an excerpt is a link or an image: every address is dropped.
  return useMemo(
    () => renderMarkdown(markdown, { plugins, components, urlTransform: () => '' }),
    [markdown, plugins],
  );
});
