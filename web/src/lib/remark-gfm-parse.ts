import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { Processor } from 'unified';

/**
 * remark-gfm's parsing half: GFM's syntax (tables, strikethrough, autolinks, task lists,
 * footnotes) read into the tree exactly as remark-gfm reads it. remark-gfm also registers the
 * extensions that write GFM back out as markdown, which only remark-stringify uses: the app
 * never writes markdown, and those would bring mdast-util-to-markdown into the channel view's
 * first load (bundle-budget.test.ts), so the app uses this half alone (lib/markdown.tsx).
 */
export default function remarkGfmParse(this: Processor): void {
  const data = this.data();
  const micromarkExtensions = data.micromarkExtensions ?? [];
  data.micromarkExtensions = micromarkExtensions;
  const fromMarkdownExtensions = data.fromMarkdownExtensions ?? [];
  data.fromMarkdownExtensions = fromMarkdownExtensions;
  micromarkExtensions.push(gfm());
  fromMarkdownExtensions.push(gfmFromMarkdown());
}
