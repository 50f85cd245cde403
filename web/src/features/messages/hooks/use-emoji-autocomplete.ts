import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useCustomEmoji } from '@/features/emoji';
import { emojiQueryAt } from '../lib/emoji-query';
import type { EmojiMatch } from '../lib/emoji-search';

type Search = (query: string) => EmojiMatch[];

// The French names and the matcher (~53 KB gzipped) load on the first ":xx" typed, never up front.
let loading: Promise<Search> | null = null;
/** The list's component (components/emoji-autocomplete-list.tsx), loaded with the matcher. */
export const loadEmojiList = () => import('../components/emoji-suggestions');
const loadSearch = (): Promise<Search> => {
  loading ??= Promise.all([import('../lib/emoji-index'), loadEmojiList()]).then(
    ([module]) => module.searchEmojis,
  );
  return loading;
};

/** Custom emoji among the (at most 8) suggestions. */
const CUSTOM_MATCHES_MAX = 4;

/**
 * `:code:` autocomplete for a textarea, like the @mention one: `update` on each change or
 * click, `handleKeyDown` first in the key handler (arrows, Enter or Tab insert, Escape
 * closes), and <EmojiAutocompleteList autocomplete={…} /> rendered above the field.
 * `insert(start, end, emoji)` replaces the ":que" typed.
 */
export function useEmojiAutocomplete(
  id: string,
  insert: (start: number, end: number, emoji: string) => void,
) {
  const [query, setQuery] = useState<{ query: string; start: number; end: number } | null>(null);
  const [search, setSearch] = useState<{ run: Search } | null>(null);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!query || search) return;
    let live = true;
    loadSearch().then((run) => live && setSearch({ run }));
    return () => {
      live = false;
    };
  }, [query, search]);

  const custom = useCustomEmoji();
  // The workspace's own first (docs/product.md, "Émojis personnalisés"): names that start
  // with what was typed, then those that hold it.
  const customMatches = useMemo((): EmojiMatch[] => {
    if (!query || custom.size === 0) return [];
    const wanted = query.query.toLowerCase();
    const found = [...custom.values()].filter((e) => e.name.includes(wanted));
    found.sort(
      (a, b) =>
        Number(!a.name.startsWith(wanted)) - Number(!b.name.startsWith(wanted)) ||
        a.name.localeCompare(b.name),
    );
    return found.slice(0, CUSTOM_MATCHES_MAX).map((e) => ({
      emoji: `:${e.name}:`,
      name: e.name,
      label: e.name,
      custom: { name: e.name, url: e.url },
    }));
  }, [custom, query]);
  const standard = query && search ? search.run(query.query) : [];
  const matches: EmojiMatch[] =
    customMatches.length > 0 ? [...customMatches, ...standard].slice(0, 8) : standard;
  const open = matches.length > 0;
  const listId = `emojis-${id}`;

  const update = (text: string, caret: number) => {
    const next = emojiQueryAt(text, caret);
    if (next?.query !== query?.query) setSelected(0);
    setQuery(next && { ...next, end: caret });
  };
  const close = () => setQuery(null);
  const choose = (match: EmojiMatch) => {
    if (!query) return;
    insert(query.start, query.end, match.emoji);
    setQuery(null);
  };

  /** True when the key was the autocomplete's. */
  const handleKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((at) => (at + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const match = matches[selected];
      if (match) choose(match);
    } else if (event.key === 'Escape') {
      close();
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  return {
    open,
    listId,
    activeId: open ? `${listId}-${selected}` : undefined,
    matches,
    selected,
    select: setSelected,
    choose,
    update,
    close,
    handleKeyDown,
  };
}

export type EmojiAutocomplete = ReturnType<typeof useEmojiAutocomplete>;
