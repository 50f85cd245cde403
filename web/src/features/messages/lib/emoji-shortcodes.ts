import { useEffect, useState } from 'react';

/**
 * `:tada:` typed in full shows as 🎉 (issue 45, item 10), as in Slack and Discord: the message
 * keeps what was typed, the reader sees the emoji. The names are emoji-picker-react's, in
 * English and French (`:fete:` too); the table loads on demand (emoji-shortcode-table.ts),
 * only when a message holds something shaped like a shortcode.
 */
export type ShortcodeTable = ReadonlyMap<string, string>;

// Not after a letter or digit (`10:30:45`, `a:b:c`), not before one.
const SHORTCODE = /(?<![\p{L}\p{N}]):([\p{L}\p{N}_+-]{2,40}):(?![\p{L}\p{N}])/gu;

export const hasShortcode = (text: string): boolean => {
  SHORTCODE.lastIndex = 0;
  return SHORTCODE.test(text);
};

/** The shortcode's key in the table: case and accents folded, `-` as `_` but for `:-1:`. */
export const shortcodeKey = (code: string): string =>
  code
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');

export function replaceShortcodes(text: string, table: ShortcodeTable): string {
  return text.replace(SHORTCODE, (whole, code: string) => {
    const key = shortcodeKey(code);
    return table.get(key) ?? table.get(key.replace(/-/g, '_')) ?? whole;
  });
}

let loaded: ShortcodeTable | null = null;
let loading: Promise<ShortcodeTable> | null = null;

export function loadShortcodeTable(): Promise<ShortcodeTable> {
  loading ??= import('./emoji-shortcode-table').then(
    (module) => {
      loaded = module.shortcodeTable;
      return loaded;
    },
    (error: unknown) => {
      loading = null; // a chunk that failed to load is asked again next time
      throw error;
    },
  );
  return loading;
}

/** The table when `content` needs it: null until it has loaded (the text shows as typed). */
export function useShortcodeTable(content: string): ShortcodeTable | null {
  const needed = hasShortcode(content);
  const [table, setTable] = useState(loaded);
  useEffect(() => {
    if (!needed || table) return;
    let live = true;
    loadShortcodeTable().then(
      (result) => live && setTable(result),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, table]);
  return needed ? (table ?? loaded) : null;
}

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** A markdown plugin (lib/markdown.tsx): shortcodes in text become emojis; code spans and blocks are left alone. */
export function remarkShortcodes(table: ShortcodeTable | null) {
  const walk = (node: MdNode) => {
    if (node.type === 'text' && node.value) node.value = replaceShortcodes(node.value, table!);
    node.children?.forEach(walk);
  };
  return (tree: MdNode) => {
    if (table) walk(tree);
  };
}
