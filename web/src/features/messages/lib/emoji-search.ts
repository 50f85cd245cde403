import { EMOJI_QUERY_MIN } from './emoji-query';

/**
 * `:code:` autocomplete in the composer: the emojis whose French names match what is typed —
 * the names the reaction picker searches (emoji-picker-react's French data). Loaded on demand
 * with the data (emoji-index.ts), never in the channel's first load.
 */

/** emoji-picker-react's data shape (data/emojis-fr): names, unified code points. */
export interface EmojiData {
  emojis: Record<string, Array<{ n: string[]; u: string }>>;
}

export interface EmojiEntry {
  emoji: string;
  /** French names, accents and case folded for matching. */
  keys: string[];
  names: string[];
}

export interface EmojiMatch {
  emoji: string;
  /** The name that matched, as written in the data. */
  name: string;
  /** The emoji's full description (the data's last name), to tell alike matches apart. */
  label: string;
  /** A custom emoji of the workspace: `emoji` is its `:nom:`, shown as this image. */
  custom?: { name: string; url: string };
}

/** Case, accents and ligatures folded: "Cœur" and "coeur" match. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');

const fromUnified = (unified: string): string =>
  String.fromCodePoint(...unified.split('-').map((hex) => Number.parseInt(hex, 16)));

/** Every emoji of the data, in the picker's order (smileys first). */
export function buildEmojiIndex(data: EmojiData): EmojiEntry[] {
  return Object.values(data.emojis)
    .flat()
    .map((entry) => ({
      emoji: fromUnified(entry.u),
      names: entry.n,
      keys: entry.n.map((name) => foldText(name).replace(/\s+/g, '_')),
    }));
}

const labelOf = (entry: EmojiEntry): string => entry.names.at(-1) ?? '';

/**
 * Emojis named exactly the query, then whose name starts with it, then one of whose words
 * does; within each, the data's order. Spaces in names match `_` as in `:grand_sourire`.
 */
export function matchEmojis(index: readonly EmojiEntry[], query: string, max = 8): EmojiMatch[] {
  const wanted = foldText(query).replace(/-/g, '_');
  if (wanted.length < EMOJI_QUERY_MIN) return [];
  const exact: EmojiMatch[] = [];
  const starts: EmojiMatch[] = [];
  const words: EmojiMatch[] = [];
  for (const entry of index) {
    const same = entry.keys.indexOf(wanted);
    if (same >= 0) {
      exact.push({ emoji: entry.emoji, name: entry.names[same] ?? '', label: labelOf(entry) });
      continue;
    }
    const at = entry.keys.findIndex((key) => key.startsWith(wanted));
    if (at >= 0) {
      starts.push({ emoji: entry.emoji, name: entry.names[at] ?? '', label: labelOf(entry) });
      continue;
    }
    const inWord = entry.keys.findIndex((key) => key.includes(`_${wanted}`));
    if (inWord >= 0)
      words.push({ emoji: entry.emoji, name: entry.names[inWord] ?? '', label: labelOf(entry) });
  }
  return [...exact, ...starts, ...words].slice(0, max);
}
