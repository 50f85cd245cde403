import { type KeyboardEvent, useEffect, useState } from 'react';
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

  const matches: EmojiMatch[] = query && search ? search.run(query.query) : [];
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
