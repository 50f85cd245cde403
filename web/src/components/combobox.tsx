import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * The keyboard and ARIA of a combobox whose input keeps the focus while the arrows move an
 * active option in its listbox (WAI-ARIA APG, "Combobox with listbox popup",
 * aria-activedescendant): the quick switcher, search, the composer's suggestions.
 */
export interface ComboboxList<T> {
  /** The active entry, if any: the one Enter chooses. */
  active: T | undefined;
  setActiveIndex: (index: number) => void;
  /** The id of the listbox element. */
  listId: string;
  /** The DOM id of an entry's option. */
  optionId: (entry: T) => string;
  /** Arrows move the active entry, round the ends; Enter calls `onChoose`. True when handled. */
  handleKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
  /** The input's combobox attributes. */
  inputProps: {
    role: 'combobox';
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    'aria-autocomplete': 'list';
  };
}

export function useComboboxList<T>({
  entries,
  keyOf,
  onChoose,
  open = true,
  listId: givenListId,
}: {
  entries: readonly T[];
  /** A stable key per entry, unique in the list. */
  keyOf: (entry: T) => string;
  onChoose: (entry: T | undefined) => void;
  /** Whether the listbox shows (the composer's suggestions come and go). */
  open?: boolean;
  listId?: string;
}): ComboboxList<T> {
  const generated = useId();
  const listId = givenListId ?? generated;
  const [activeIndex, setActiveIndex] = useState(0);
  const active = entries[Math.min(activeIndex, entries.length - 1)];
  const optionId = (entry: T) => `${listId}-${keyOf(entry)}`;
  const activeId = open && active ? optionId(active) : undefined;

  // The active option stays in sight as the arrows move it.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) =>
        entries.length ? (index + step + entries.length) % entries.length : 0,
      );
      return true;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      onChoose(active);
      return true;
    }
    return false;
  };

  return {
    active,
    setActiveIndex,
    listId,
    optionId,
    handleKeyDown,
    inputProps: {
      role: 'combobox',
      'aria-expanded': open,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': activeId,
      'aria-autocomplete': 'list',
    },
  };
}

/** One option of a combobox's listbox: the pointer makes it active and chooses it. */
export function ComboboxOption({
  id,
  active,
  onHover,
  onChoose,
  className,
  activeClassName = 'bg-accent text-accent-foreground',
  children,
}: {
  id: string;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
  className?: string;
  activeClassName?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input owns the keyboard (arrows, Enter)
    <div
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onMouseMove={onHover}
      onClick={onChoose}
      className={cn('cursor-pointer', className, active && activeClassName)}
    >
      {children}
    </div>
  );
}
