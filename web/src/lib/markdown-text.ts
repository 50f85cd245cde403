import type { RootContent } from 'mdast';
import { toString as mdastToString } from 'mdast-util-to-string';
import { parseMarkdown } from '#shared/markdown';

/**
 * What a message's markdown says, as plain text (issue 45, item 10): formatting marks go,
 * links and images leave their text, code its content. The first block that holds text,
 * on one line: what a task made from the message is titled.
 */
export function markdownFirstLine(markdown: string): string {
  const tree = parseMarkdown(markdown);
  for (const block of tree.children) {
    const text = blockText(block).replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return '';
}

function blockText(block: RootContent): string {
  // A list or quote's first item or paragraph, not all of them run together.
  if ((block.type === 'list' || block.type === 'blockquote') && block.children.length) {
    for (const child of block.children) {
      const text = blockText(child as RootContent);
      if (text.trim()) return text;
    }
    return '';
  }
  if (block.type === 'listItem' && block.children[0]) return blockText(block.children[0]);
  const text = mdastToString(block);
  return text.split('\n').find((line) => line.trim()) ?? '';
}
