import { AtSignIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { WideMention } from '../hooks/use-wide-mentions';

export const wideOptionId = (listId: string, mention: WideMention) =>
  `${listId}-wide-${mention.handle}`;

/** The composer's "@" options after people: @channel, @here, @everyone and user groups. */
export function WideMentionOptions({
  listId,
  items,
  offset,
  selected,
  onPick,
  onHover,
}: {
  listId: string;
  items: readonly WideMention[];
  /** Their place in the listbox: after the people. */
  offset: number;
  selected: number;
  onPick: (mention: WideMention) => void;
  onHover: (index: number) => void;
}) {
  const { t } = useTranslation();
  return items.map((item, at) => {
    const index = offset + at;
    const Icon = item.kind === 'group' ? UsersIcon : AtSignIcon;
    return (
      <div
        key={item.handle}
        id={wideOptionId(listId, item)}
        role="option"
        aria-selected={index === selected}
        tabIndex={-1}
        onMouseDown={(event) => {
          event.preventDefault();
          onPick(item);
        }}
        onMouseEnter={() => onHover(index)}
        className={cn(
          'flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm',
          index === selected && 'bg-accent text-accent-foreground',
        )}
      >
        <span className="grid size-6 place-items-center rounded-full bg-muted">
          <Icon aria-hidden className="size-3.5" />
        </span>
        <span className="font-medium">@{item.handle}</span>
        <span className="truncate text-muted-foreground text-xs">
          {item.kind === 'group'
            ? t('broadcast.group', { name: item.name })
            : t(`broadcast.${item.kind}`)}
        </span>
      </div>
    );
  });
}
