import {
  CornerDownLeftIcon,
  FileIcon,
  HistoryIcon,
  Loader2Icon,
  SearchIcon,
  XIcon,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { formatFileSize } from '#shared/files';
import {
  SEARCH_MIN_LENGTH,
  SEARCH_OPERATOR_HINTS,
  type SearchChannel,
  type SearchResult,
  type SnippetPart,
} from '#shared/search';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { ComboboxInput, ComboboxOption, useComboboxList } from '@/components/combobox';
import { DialogOverlay, DialogPortal } from '@/components/ui/dialog';
import { UserAvatar } from '@/components/user-avatar';
import { useChannels } from '@/features/channels';
import { ApiError } from '@/lib/api';
import { useDisplayName } from '@/lib/use-display-name';
import { useSearch } from '../api/search';
import { useDebounced } from '../hooks/use-debounced';
import { clearRecentSearches, readRecentSearches, rememberSearch } from '../lib/recent-searches';

/** Results as you type: asked once the typing pauses this long. */
const DEBOUNCE_MS = 250;

type Entry =
  | { kind: 'recent'; key: string; query: string }
  | { kind: 'result'; key: string; result: SearchResult };

// The messages' own markdown rendering, in its chunk (the channel view has loaded it already).
const MessageSnippet = lazy(() =>
  import('@/features/messages/components/message-snippet').then((module) => ({
    default: module.MessageSnippet,
  })),
);

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

/** Search messages and files of my channels (docs/search.md): Ctrl/Cmd+Shift+F, the rail, the mobile menu. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const displayName = useDisplayName();
  const channels = useChannels();
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState(readRecentSearches);
  const inputRef = useRef<HTMLInputElement>(null);

  const typed = query.trim();
  const settled = useDebounced(typed, DEBOUNCE_MS);
  const longEnough = settled.length >= SEARCH_MIN_LENGTH;
  const search = useSearch(settled, longEnough);
  const results = useMemo(
    () => search.data?.pages.flatMap((page) => page.results) ?? [],
    [search.data],
  );

  const entries: Entry[] = useMemo(() => {
    if (typed.length === 0) {
      return recent.map((q) => ({ kind: 'recent', key: `recent-${q}`, query: q }));
    }
    if (!longEnough || typed.length < SEARCH_MIN_LENGTH) return [];
    return results.map((result) => ({
      kind: 'result',
      key: `${result.kind}-${result.id}`,
      result,
    }));
  }, [typed, recent, results, longEnough]);

  /** How a channel is named for me: a direct conversation by the other person. */
  const channelLabel = (channel: SearchChannel) => {
    if (channel.type !== 'direct') return channel.name;
    const listed = channels.data?.find((c) => c.id === channel.id);
    return listed?.directUser ? displayName(listed.directUser) : channel.name;
  };

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    if (entry.kind === 'recent') {
      setQuery(entry.query);
      inputRef.current?.focus();
      return;
    }
    setRecent(rememberSearch(settled));
    const { result } = entry;
    if (result.kind === 'file') {
      window.open(result.url, '_blank', 'noopener');
      return;
    }
    onClose();
    navigate(`/channel/${result.channelId}?message=${result.id}`);
  };

  const combobox = useComboboxList({
    entries,
    keyOf: (entry) => entry.key,
    // Not while the results on screen are those of an older query.
    onChoose: (entry) => (typed.length === 0 || typed === settled ? choose(entry) : undefined),
  });
  const { active, optionId, setActiveIndex } = combobox;
  /** What makes an entry's option one of the list: its id, the pointer's hover and choice. */
  const optionProps = (entry: Entry) => ({
    id: optionId(entry),
    active: entry === active,
    onHover: () => setActiveIndex(entries.indexOf(entry)),
    onChoose: () => choose(entry),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts at its top
  useEffect(() => setActiveIndex(0), [settled]);

  const errorMessage =
    search.error instanceof ApiError
      ? (search.error.serverMessage ?? t('search.error'))
      : search.error
        ? t('search.error')
        : null;
  const waiting =
    typed.length >= SEARCH_MIN_LENGTH && (typed !== settled || (search.isFetching && !search.data));

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          className="fixed top-[8dvh] left-1/2 z-50 flex max-h-[min(640px,84dvh)] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-2xl outline-none data-[state=open]:animate-dialog-in"
        >
          <DialogPrimitive.Title className="sr-only">{t('search.title')}</DialogPrimitive.Title>
          <ComboboxInput
            combobox={combobox}
            ref={inputRef}
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={query}
            onValueChange={setQuery}
            enterKeyHint="search"
            icon={
              waiting ? (
                <Loader2Icon
                  aria-hidden
                  className="size-4 shrink-0 animate-spin text-muted-foreground"
                />
              ) : (
                <SearchIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              )
            }
          >
            <DialogPrimitive.Close
              aria-label={t('search.close')}
              className="rounded-md p-1 text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring sm:hidden"
            >
              <XIcon aria-hidden className="size-4" />
            </DialogPrimitive.Close>
          </ComboboxInput>
          {/* The listbox holds options only (ARIA: listbox > group > option); what goes with
              them — the recent searches' heading, the hints, the messages, « more » — is beside
              it in the same scrolling area. Always there: the input's aria-controls names it. */}
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            {typed.length === 0 && recent.length > 0 ? (
              <div className="flex items-center justify-between px-2.5 pt-2 pb-1">
                <p
                  aria-hidden
                  className="font-semibold text-[11px] text-muted-foreground uppercase tracking-wider"
                >
                  {t('search.recent')}
                </p>
                <button
                  type="button"
                  onClick={() => {
                    clearRecentSearches();
                    setRecent([]);
                    inputRef.current?.focus();
                  }}
                  className="rounded text-muted-foreground text-xs underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {t('search.clearRecent')}
                </button>
              </div>
            ) : null}
            <div
              id={combobox.listId}
              role="listbox"
              aria-label={t('search.results')}
              aria-busy={waiting}
            >
              {typed.length === 0 && recent.length > 0 ? (
                // biome-ignore lint/a11y/useSemanticElements: an option group inside a listbox (ARIA)
                <div role="group" aria-label={t('search.recent')} className="mb-2">
                  {entries.map((entry) =>
                    entry.kind === 'recent' ? (
                      <Option key={entry.key} {...optionProps(entry)}>
                        <HistoryIcon
                          aria-hidden
                          className="size-4 shrink-0 text-muted-foreground"
                        />
                        <span className="min-w-0 flex-1 truncate">{entry.query}</span>
                      </Option>
                    ) : null,
                  )}
                </div>
              ) : null}
              {typed.length >= SEARCH_MIN_LENGTH && !errorMessage
                ? entries.map((entry) =>
                    entry.kind === 'result' ? (
                      <Option key={entry.key} {...optionProps(entry)}>
                        <ResultRow
                          result={entry.result}
                          channelName={channelLabel(entry.result.channel)}
                          authorName={entry.result.user ? displayName(entry.result.user) : null}
                        />
                      </Option>
                    ) : null,
                  )
                : null}
            </div>
            {typed.length === 0 ? (
              <OperatorHints
                onPick={(example) => {
                  setQuery(`${example} `);
                  inputRef.current?.focus();
                }}
              />
            ) : typed.length < SEARCH_MIN_LENGTH ? (
              <>
                <p className="px-3 py-6 text-center text-muted-foreground text-sm">
                  {t('search.tooShort', { min: SEARCH_MIN_LENGTH })}
                </p>
                <OperatorHints
                  onPick={(example) => {
                    setQuery(`${query.trimEnd()} ${example} `.trimStart());
                    inputRef.current?.focus();
                  }}
                />
              </>
            ) : errorMessage ? (
              <p role="alert" className="px-3 py-10 text-center text-destructive text-sm">
                {errorMessage}
              </p>
            ) : search.data && results.length === 0 && !waiting ? (
              <p className="px-3 py-10 text-center text-muted-foreground text-sm">
                {t('search.empty', { query: settled })}
              </p>
            ) : search.hasNextPage ? (
              <button
                type="button"
                disabled={search.isFetchingNextPage}
                onClick={() => void search.fetchNextPage()}
                className="mx-auto mt-2 block rounded-md px-3 py-1.5 text-primary text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
              >
                {search.isFetchingNextPage ? t('search.loadingMore') : t('search.more')}
              </button>
            ) : null}
          </div>
          <p className="hidden border-t px-4 py-2 text-muted-foreground text-xs sm:block">
            {t('search.hint')}
          </p>
        </DialogPrimitive.Content>
      </DialogPortal>
    </DialogPrimitive.Root>
  );
}

function Option({
  id,
  active,
  onHover,
  onChoose,
  children,
}: {
  id: string;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
  children: React.ReactNode;
}) {
  return (
    <ComboboxOption
      id={id}
      active={active}
      onHover={onHover}
      onChoose={onChoose}
      className="flex items-start gap-3 rounded-md px-2.5 py-2 text-sm"
    >
      {children}
      {active ? (
        <CornerDownLeftIcon aria-hidden className="mt-1 size-3.5 shrink-0 text-muted-foreground" />
      ) : null}
    </ComboboxOption>
  );
}

function ResultRow({
  result,
  channelName,
  authorName,
}: {
  result: SearchResult;
  channelName: string;
  authorName: string | null;
}) {
  const { t } = useTranslation();
  const when = dateFormat.format(new Date(result.createdAt));
  const where = (
    <span className="inline-flex min-w-0 items-center gap-1 truncate">
      <ChannelTypeIcon type={result.channel.type} aria-hidden className="size-3 shrink-0" />
      <span className="truncate">{channelName}</span>
    </span>
  );
  if (result.kind === 'file') {
    return (
      <>
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <FileIcon aria-hidden className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{result.name}</span>
          <span className="flex items-center gap-2 text-muted-foreground text-xs">
            {where}
            <span aria-hidden>·</span>
            <span className="shrink-0">{formatFileSize(result.size)}</span>
            <span aria-hidden>·</span>
            <span className="shrink-0">{authorName ?? t('common.unknownUser')}</span>
            <span aria-hidden className="hidden sm:inline">
              ·
            </span>
            <time dateTime={result.createdAt} className="hidden shrink-0 sm:inline">
              {when}
            </time>
          </span>
        </span>
      </>
    );
  }
  return (
    <>
      <UserAvatar
        user={result.user}
        name={authorName ?? ''}
        className="mt-0.5 size-8 [&_span]:text-[10px]"
      />
      <span className="min-w-0 flex-1">
        {/* On a phone the channel and date wrap under the author rather than squeeze it. */}
        <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs">
          <span className="max-w-full truncate font-semibold text-foreground text-sm">
            {authorName}
          </span>
          <span className="flex min-w-0 max-w-full items-center gap-2 text-muted-foreground">
            {where}
            <span aria-hidden>·</span>
            <time dateTime={result.createdAt} className="shrink-0">
              {when}
            </time>
          </span>
        </span>
        <span data-search-snippet className="line-clamp-3 block break-words text-muted-foreground">
          <Suspense fallback={<PlainSnippet parts={result.snippet} />}>
            <MessageSnippet parts={result.snippet} />
          </Suspense>
        </span>
      </span>
    </>
  );
}

/** The excerpt as plain text while its markdown renderer loads. */
function PlainSnippet({ parts }: { parts: readonly SnippetPart[] }) {
  return parts.map((part, i) =>
    part.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed excerpt
      <mark key={i} className="rounded-sm bg-primary/25 px-0.5 text-foreground">
        {part.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed excerpt
      <span key={i}>{part.text}</span>
    ),
  );
}

function OperatorHints({ onPick }: { onPick: (example: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="px-2.5 pt-2 pb-1">
      <p className="pb-2 font-semibold text-[11px] text-muted-foreground uppercase tracking-wider">
        {t('search.operators.title')}
      </p>
      <ul className="grid gap-1 sm:grid-cols-2">
        {SEARCH_OPERATOR_HINTS.map(({ key, example }) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onPick(example)}
              className="flex w-full items-baseline gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <code className="shrink-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
                {example}
              </code>
              <span className="truncate text-muted-foreground text-xs">
                {t(`search.operators.${key}`)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
