import frenchEmojis from 'emoji-picker-react/data/emojis-fr';
import { buildEmojiIndex, type EmojiMatch, matchEmojis } from './emoji-search';

// Loaded by the composer on the first ":xx" typed (hooks/use-emoji-autocomplete.tsx).
const index = buildEmojiIndex(frenchEmojis);

export const searchEmojis = (query: string): EmojiMatch[] => matchEmojis(index, query);
