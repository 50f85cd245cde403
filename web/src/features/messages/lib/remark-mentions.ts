/**
 * A markdown plugin (lib/markdown.tsx) that turns "@Display Name" into a highlighted span, for the names of the
 * users a message mentions (docs/product.md §3: mentions are stored as user ids; the text shows the name).
 * Code spans and code blocks are left alone: they are text nodes of other types.
 */
export interface MentionTarget {
  userId: string;
  name: string;
  isMe: boolean;
}

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

const MENTION_CLASS =
  'mention rounded px-1 py-px font-medium bg-sky-500/15 text-sky-700 dark:text-sky-300';
const MENTION_ME_CLASS =
  'mention mention-me rounded px-1 py-px font-semibold bg-primary/25 text-amber-800 dark:text-primary';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function remarkMentions(targets: readonly MentionTarget[]) {
  // Longest names first, so "@Alice Martin" wins over "@Alice".
  const sorted = [...targets].filter((t) => t.name).sort((a, b) => b.name.length - a.name.length);
  const byName = new Map(sorted.map((target) => [target.name.toLowerCase(), target]));
  const pattern = sorted.length
    ? new RegExp(`@(${sorted.map((t) => escapeRegExp(t.name)).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
    : null;

  const split = (value: string): MdNode[] | null => {
    if (!pattern) return null;
    const nodes: MdNode[] = [];
    let last = 0;
    for (const match of value.matchAll(pattern)) {
      const target = byName.get(match[1]!.toLowerCase());
      if (!target || match.index === undefined) continue;
      if (match.index > last) nodes.push({ type: 'text', value: value.slice(last, match.index) });
      nodes.push({
        type: 'mention',
        data: {
          hName: 'span',
          hProperties: {
            className: target.isMe ? MENTION_ME_CLASS : MENTION_CLASS,
            'data-user-id': target.userId,
          },
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
      if (child.type === 'text' && child.value) children.push(...(split(child.value) ?? [child]));
      else {
        walk(child);
        children.push(child);
      }
    }
    node.children = children;
  };

  return (tree: MdNode) => walk(tree);
}
