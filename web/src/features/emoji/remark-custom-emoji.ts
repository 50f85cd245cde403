import type { CustomEmoji } from '#shared/emoji';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

// `:nom:` of a custom emoji: not after a letter or digit (`10:30:45`), not before one.
export const CUSTOM_EMOJI_CODE = /(?<![\p{L}\p{N}]):([a-z0-9_-]{2,32}):(?![\p{L}\p{N}])/gu;

/**
 * A markdown plugin (lib/markdown.tsx): `:nom:` of a custom emoji that exists becomes a `custom-emoji` element
 * (rendered by the message body as the image at text size); code spans and blocks, which are
 * not text nodes, are left alone. An unknown name stays as typed.
 */
export function remarkCustomEmoji(emoji: ReadonlyMap<string, Pick<CustomEmoji, 'name' | 'url'>>) {
  const split = (value: string): MdNode[] | null => {
    const nodes: MdNode[] = [];
    let last = 0;
    for (const match of value.matchAll(CUSTOM_EMOJI_CODE)) {
      const found = emoji.get(match[1]!);
      if (!found || match.index === undefined) continue;
      if (match.index > last) nodes.push({ type: 'text', value: value.slice(last, match.index) });
      nodes.push({
        type: 'customEmoji',
        data: {
          hName: 'custom-emoji',
          hProperties: { dataName: found.name },
          hChildren: [{ type: 'text', value: match[0] }],
        },
      });
      last = match.index + match[0].length;
    }
    if (nodes.length === 0) return null;
    if (last < value.length) nodes.push({ type: 'text', value: value.slice(last) });
    return nodes;
  };

  const walk = (node: MdNode) => {
    if (!node.children) return;
    const children: MdNode[] = [];
    for (const child of node.children) {
      if (child.type === 'text' && child.value?.includes(':')) {
        children.push(...(split(child.value) ?? [child]));
      } else {
        walk(child);
        children.push(child);
      }
    }
    node.children = children;
  };

  return (tree: MdNode) => {
    if (emoji.size > 0) walk(tree);
  };
}
