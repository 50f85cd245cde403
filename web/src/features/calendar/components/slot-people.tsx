import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLOT_PEOPLE_MAX, type SlotPerson } from '#shared/calendar-slots';
import { ComboboxOption, useComboboxList } from '@/components/combobox';
import { Input } from '@/components/ui/input';
import { useUserSearch } from '@/features/users';
import { useDisplayName } from '@/lib/use-display-name';

interface SlotPeopleProps {
  me: SlotPerson;
  people: SlotPerson[];
  onChange: (people: SlotPerson[]) => void;
  labelId: string;
}

/**
 * The meeting's people: the caller (always), the others removable, more added by name from
 * the directory (a combobox: arrows, Enter). The server answers 404 for anyone the caller
 * shares no conversation with, and the dialog says so.
 */
export function SlotPeople({ me, people, onChange, labelId }: SlotPeopleProps) {
  const { t } = useTranslation();
  const nameOf = useDisplayName();
  const [query, setQuery] = useState('');
  const searching = query.trim().length > 0;
  const search = useUserSearch(query, searching);
  const chosen = new Set([me.userId, ...people.map((p) => p.userId)]);
  const candidates = searching
    ? search.users.filter((u) => !chosen.has(u.id) && !u.deactivated).slice(0, 6)
    : [];
  const full = people.length + 1 >= SLOT_PEOPLE_MAX;
  const add = (userId: string | undefined) => {
    const user = candidates.find((u) => u.id === userId);
    if (!user || full) return;
    onChange([...people, { userId: user.id, displayName: nameOf(user) }]);
    setQuery('');
  };
  const combobox = useComboboxList({
    entries: candidates,
    keyOf: (u) => u.id,
    onChoose: (u) => add(u?.id),
    open: candidates.length > 0,
  });

  return (
    <div className="grid gap-2">
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
        <li className="inline-flex h-8 items-center rounded-full bg-primary/15 px-3 text-sm">
          {t('slotFinder.you', { name: me.displayName })}
        </li>
        {people.map((person) => (
          <li
            key={person.userId}
            className="inline-flex h-8 items-center gap-1 rounded-full bg-muted pr-1 pl-3 text-sm"
          >
            {person.displayName}
            <button
              type="button"
              aria-label={t('slotFinder.remove', { name: person.displayName })}
              onClick={() => onChange(people.filter((p) => p.userId !== person.userId))}
              className="grid size-6 place-items-center rounded-full text-muted-foreground outline-none hover:bg-background/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <XIcon aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <div className="relative">
        <Input
          {...combobox.inputProps}
          aria-label={t('slotFinder.addPerson')}
          placeholder={t('slotFinder.addPlaceholder')}
          value={query}
          disabled={full}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            combobox.setActiveIndex(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && query) {
              // Esc empties the field first; a second one closes the dialog.
              e.preventDefault();
              e.stopPropagation();
              setQuery('');
              return;
            }
            combobox.handleKeyDown(e);
          }}
        />
        {candidates.length > 0 ? (
          <div
            id={combobox.listId}
            role="listbox"
            aria-label={t('slotFinder.addPerson')}
            className="absolute inset-x-0 top-full z-10 mt-1 grid gap-0.5 rounded-md border bg-popover p-1 shadow-md"
          >
            {candidates.map((user, index) => (
              <ComboboxOption
                key={user.id}
                id={combobox.optionId(user)}
                active={combobox.active?.id === user.id}
                onHover={() => combobox.setActiveIndex(index)}
                onChoose={() => add(user.id)}
                className="rounded-sm px-2.5 py-1.5 text-sm"
              >
                {nameOf(user)}
              </ComboboxOption>
            ))}
          </div>
        ) : searching && !search.pending ? (
          <p className="mt-1 text-muted-foreground text-xs">{t('slotFinder.noMatch')}</p>
        ) : null}
      </div>
    </div>
  );
}
