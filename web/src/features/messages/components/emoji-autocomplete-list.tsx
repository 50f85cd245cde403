import { lazy, Suspense } from 'react';
import { type EmojiAutocomplete, loadEmojiList } from '../hooks/use-emoji-autocomplete';

const EmojiSuggestions = lazy(loadEmojiList);

/** The `:code:` suggestions above the composer's field, while there are some. */
export function EmojiAutocompleteList({ autocomplete }: { autocomplete: EmojiAutocomplete }) {
  if (!autocomplete.open) return null;
  return (
    <Suspense fallback={null}>
      <EmojiSuggestions
        id={autocomplete.listId}
        matches={autocomplete.matches}
        selected={autocomplete.selected}
        onSelect={autocomplete.select}
        onChoose={autocomplete.choose}
      />
    </Suspense>
  );
}
