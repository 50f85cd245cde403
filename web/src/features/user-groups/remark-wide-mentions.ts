import { RESERVED_MENTIONS } from '#shared/limits';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

const CHIP_CLASS =
  'mention mention-wide rounded px-1 py-px font-medium bg-violet-500/15 text-violet-700 dark:text-violet-300';

/**
 * A markdown plugin (lib/markdown.tsx): `@channel`, `@here`, `@everyone` and the `@handle` of a user group show as
 * a chip (docs/product.md, "@channel, @here, @everyone"), not inside a word ("moi@channel.fr")
 * nor followed by one; code is left alone. What they notified is the server's (message
 * mentions), the chip only says what was written.
 */
export function remarkWideMentions(groupHandles: readonly string[]) {
  const handles = [...RESERVED_MENTIONS, ...groupHandles].sort((a, b) => b.length - a.length);
  const escaped = handles.map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])@(${escaped.join('|')})(?![\\p{L}\\p{N}_-])`,
    'giu',
  );

  const split = (value: string): MdNode[] | null => {
    const nodes: MdNode[] = [];
    let last = 0;
    for (const match of value.matchAll(pattern)) {
      if (match.index === undefined) continue;
      if (match.index > last) nodes.push({ type: 'text', value: value.slice(last, match.index) });
      nodes.push({
        type: 'wideMention',
        data: {
          hName: 'span',
          hProperties: { className: CHIP_CLASS, dataMention: match[1]!.toLowerCase() },
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
      if (child.type === 'text' && child.value?.includes('@')) {
        children.push(...(split(child.value) ?? [child]));
      } else {
        walk(child);
        children.push(child);
      }
    }
    node.children = children;
  };

  return (tree: MdNode) => walk(tree);
}
