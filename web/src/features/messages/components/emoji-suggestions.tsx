import { useTranslation } from 'react-i18next';
import { CustomEmojiImage } from '@/features/emoji';
import { cn } from '@/lib/utils';
import type { EmojiMatch } from '../lib/emoji-search';

/** The `:code:` suggestions above the composer (options `${id}-${index}`), loaded on first use. */
export default function EmojiSuggestions({
  id,
  matches,
  selected,
  onSelect,
  onChoose,
}: {
  id: string;
  matches: EmojiMatch[];
  selected: number;
  onSelect: (index: number) => void;
  onChoose: (match: EmojiMatch) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      role="listbox"
      aria-label={t('composer.emojis.label')}
      className="absolute right-0 bottom-full left-0 z-20 mb-2 overflow-hidden rounded-lg border bg-popover p-1 shadow-xl"
    >
      {matches.map((match, at) => (
        <div
          key={match.emoji}
          id={`${id}-${at}`}
          role="option"
          aria-selected={at === selected}
          tabIndex={-1}
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(match);
          }}
          onMouseEnter={() => onSelect(at)}
          className={cn(
            'flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1 text-sm',
            at === selected && 'bg-accent text-accent-foreground',
          )}
        >
          {match.custom ? (
            <CustomEmojiImage emoji={match.custom} className="size-5" />
          ) : (
            <span className="text-lg leading-none">{match.emoji}</span>
          )}
          <span className="shrink-0">:{match.name.replace(/\s+/g, '_')}:</span>
          {match.label !== match.name ? (
            <span className="truncate text-muted-foreground text-xs">{match.label}</span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
