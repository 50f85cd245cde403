/**
 * A markdown plugin (lib/markdown.tsx) for a search excerpt: the text between `start` and `end` marks becomes
 * <mark>, in text and in code alike; a mark left open runs on into the next text, as the
 * words it wraps do. The marks never reach the page (an address holding one is dropped).
 */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

interface HastNode {
  type: 'text' | 'element';
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export function remarkHighlights(start: string, end: string) {
  const marks = new RegExp(`([${start}${end}])`);
  return (tree: MdNode) => {
    let open = false;
    /** The pieces of a text, each in a <mark> while one is open. */
    const pieces = (value: string): HastNode[] => {
      const out: HastNode[] = [];
      for (const piece of value.split(marks)) {
        if (piece === start) open = true;
        else if (piece === end) open = false;
        else if (piece) {
          const text: HastNode = { type: 'text', value: piece };
          out.push(
            open ? { type: 'element', tagName: 'mark', properties: {}, children: [text] } : text,
          );
        }
      }
      return out;
    };
    const walk = (node: MdNode) => {
      if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
        const value = node.value ?? '';
        if (!open && !marks.test(value)) return;
        const children = pieces(value);
        if (node.type === 'text') {
          node.data = { hName: 'span', hProperties: {}, hChildren: children };
        } else {
          node.data = {
            ...node.data,
            hName: 'code',
            hProperties: {},
            hChildren: children,
          };
          node.value = children.map((child) => child.value ?? child.children?.[0]?.value).join('');
        }
        return;
      }
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}
