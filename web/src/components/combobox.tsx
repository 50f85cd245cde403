import {
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
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

type InputAttributes = Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'onKeyDown' | 'aria-label' | 'role' | 'className' | 'children'
>;

/**
 * The field of a combobox dialog (the quick switcher, search): a bar with a leading icon,
 * the input — the combobox's role and keyboard, a new text starting the list at its top —,
 * what the caller adds after it, and the Esc hint on wide screens.
 */
export function ComboboxInput<T>({
  combobox,
  label,
  value,
  onValueChange,
  icon,
  children,
  ...input
}: InputAttributes & {
  combobox: ComboboxList<T>;
  /** The input's accessible name. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Before the input (a magnifier, a spinner). */
  icon: ReactNode;
  /** After the input, before the Esc hint (a close button). */
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 border-b px-4">
      {icon}
      <input
        {...input}
        {...combobox.inputProps}
        aria-label={label}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          combobox.setActiveIndex(0);
        }}
        onKeyDown={combobox.handleKeyDown}
        className="h-13 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
      />
      {children}
      <kbd className="hidden rounded border bg-muted px-1.5 py-0.5 font-mono text-[10px] text-muted-foreground sm:inline">
        Esc
      </kbd>
    </div>
  );
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
