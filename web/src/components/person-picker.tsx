import { RadioGroup } from 'radix-ui';
import { USER_LIST_HEIGHT_PX } from '#shared/limits';
import type { User } from '#shared/users';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface PersonPickerLabels {
  searchPlaceholder: string;
  searchLabel: string;
  listLabel: string;
  noResults: string;
  loading: string;
}

export interface PersonPickerProps {
  /** The people that can be chosen, already filtered by the search (the server's, or lib/match-user.ts). */
  candidates: readonly User[];
  /** The directory is still loading: a skeleton shows. */
  pending: boolean;
  query: string;
  onQueryChange: (query: string) => void;
  /** The chosen person's id; '' for none. */
  value: string;
  onValueChange: (id: string) => void;
  /** The name shown for a person (each dialog says which, docs/product.md §2.10 and §5). */
  nameOf: (user: User) => string;
  labels: PersonPickerLabels;
  listClassName?: string;
  /** More people past those shown (the directory comes by pages): a button asks for them. */
  more?: { hasMore: boolean; loading: boolean; onMore: () => void; label: string };
}

/**
 * Choosing one person: a search box over a list of radio options, each with an initial, the
 * name and the email. Used to start a conversation and to ask someone to be a friend.
 */
export function PersonPicker({
  candidates,
  pending,
  query,
  onQueryChange,
  value,
  onValueChange,
  nameOf,
  labels,
  listClassName,
  more,
}: PersonPickerProps) {
  return (
    <>
      <SearchInput
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        placeholder={labels.searchPlaceholder}
        aria-label={labels.searchLabel}
      />
      <div
        className={cn(
          '-mx-2 overflow-y-auto rounded-lg border bg-background/40 p-1.5',
          listClassName,
        )}
        style={{ height: USER_LIST_HEIGHT_PX }}
      >
        {pending ? (
          <PersonListSkeleton label={labels.loading} />
        ) : candidates.length === 0 ? (
          <p className="grid h-full place-items-center text-muted-foreground text-sm">
            {labels.noResults}
          </p>
        ) : (
          <RadioGroup.Root
            value={value}
            onValueChange={onValueChange}
            aria-label={labels.listLabel}
            className="grid gap-0.5"
          >
            {candidates.map((user) => (
              <PersonOption
                key={user.id}
                user={user}
                name={nameOf(user)}
                selected={user.id === value}
              />
            ))}
          </RadioGroup.Root>
        )}
        {!pending && more?.hasMore ? (
          <button
            type="button"
            onClick={more.onMore}
            disabled={more.loading}
            className="mt-1 w-full rounded-md px-2.5 py-2 text-muted-foreground text-sm hover:bg-accent/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
          >
            {more.label}
          </button>
        ) : null}
      </div>
    </>
  );
}

function PersonOption({ user, name, selected }: { user: User; name: string; selected: boolean }) {
  return (
    <RadioGroup.Item
      value={user.id}
      aria-label={user.email && user.email !== name ? `${name} (${user.email})` : name}
      className={cn(
        'flex w-full cursor-pointer items-center gap-3 rounded-md px-2.5 py-2 text-left outline-none transition-colors hover:bg-accent/70 focus-visible:ring-2 focus-visible:ring-ring',
        selected && 'bg-primary/15 ring-1 ring-primary/50 hover:bg-primary/20',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-sm uppercase',
          selected && 'bg-primary text-primary-foreground',
        )}
      >
        {name.charAt(0)}
      </span>
      <span className="grid min-w-0">
        <span className="truncate font-medium text-sm">{name}</span>
        {user.email ? (
          <span className="truncate text-muted-foreground text-xs">{user.email}</span>
        ) : null}
      </span>
    </RadioGroup.Item>
  );
}

function PersonListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="grid gap-1 p-1">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="flex items-center gap-3 px-1.5 py-1.5">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-3.5 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}
