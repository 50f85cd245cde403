import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownIcon, LoaderCircleIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContextProp, type ListProps, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { userDisplayName } from '#shared/user-names';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { ReadPosition } from '@/lib/shell';
import { messagesKey, useMessages } from '../api/get-messages';
import { useFirstItemIndex } from '../hooks/use-first-item-index';
import { useListKeyboard } from '../hooks/use-list-keyboard';
import { useMarkReadWhileVisible } from '../hooks/use-mark-read';
import { useOpenAtEnd } from '../hooks/use-open-at-end';
import { usePermalinkTarget } from '../hooks/use-permalink';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { useUnreadWindow } from '../hooks/use-unread-window';
import { groupMessages, type ListRow } from '../lib/group-messages';
import { flattenMessages, isAtHead, lastSeenSeq } from '../lib/message-cache';
import { usePendingSends } from '../lib/pending-sends';
import { firstUnreadMessageId } from '../lib/unread-line';
import { AuthorAvatar } from './author-avatar';
import { useChat } from './chat-context';
import { MessageBoundary } from './message-boundary';
import { type DisplayMessage, MessageItem } from './message-item';
import { usePendingMessages } from './pending-messages';

const HIGHLIGHT_MS = 8000;
/** How much of what was already read shows above the "Nouveaux messages" line on opening. */
const UNREAD_CONTEXT_PX = 48;

function LoadingState() {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-1 flex-col justify-end gap-5 p-5"
      role="status"
      aria-busy="true"
      aria-label={t('messages.loading')}
    >
      {[0.8, 0.5, 0.65, 0.4, 0.7].map((width, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="flex gap-3">
          <Skeleton className="size-9 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3.5" style={{ width: `${width * 100}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}

interface ListContext {
  hasOlder: boolean;
  /** The oldest loaded message: the channel intro goes above it once nothing is older. */
  firstId: string | undefined;
  highlightId: string | null;
  /** The "Nouveaux messages" line goes above this one. */
  firstUnreadId: string | null;
  /** In place at its newest row (use-open-at-end.ts): shown before Virtuoso's own opening ends. */
  shownAtEnd: boolean;
  /** The one message reached with Tab (use-list-keyboard.ts); null: the scroller is. */
  tabStopId: string | null;
}

function ListHeader({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  if (context?.hasOlder) {
    return (
      <div className="flex items-center justify-center gap-2 py-4 text-muted-foreground text-xs">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
        {t('messages.loadingOlder')}
      </div>
    );
  }
  return <div className="h-4" />;
}

const ListFooter = () => <div className="h-3" />;

/** Virtuoso's list, without the `visibility: hidden` of its opening once in place at the end. */
function RowList({ context, style, ...props }: ListProps & ContextProp<ListContext>) {
  if (!context?.shownAtEnd || style?.visibility !== 'hidden')
    return <div style={style} {...props} />;
  const { visibility: _hidden, ...shown } = style;
  return <div style={shown} {...props} />;
}

/** Rows rendered beyond the viewport, to scroll into without waiting (none while opening). */
const OVERSCAN = { top: 800, bottom: 400 };
const NO_OVERSCAN = { top: 0, bottom: 0 };

// Private groups are not written with a '#' (their icon is a lock).
const INTRO_TITLE = {
  channel: 'messages.empty.title',
  voice: 'messages.empty.title',
  group: 'messages.empty.titleGroup',
  direct: 'messages.empty.directTitle',
} as const;

/** The start of the history (docs/product.md §2 empty state, and the top of a fully loaded channel). */
function ChannelIntro({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { channel } = useChat();
  const direct = channel.type === 'direct';
  const name = direct ? (userDisplayName(channel.directUser) ?? channel.name) : channel.name;
  return (
    <div
      className={compact ? 'px-5 pt-6 pb-2' : 'flex flex-1 flex-col justify-end px-5 pb-6'}
      // An empty channel: the screen is up without a list (web/boot/last-screen.ts).
      data-screen-ready={compact ? undefined : ''}
    >
      {direct && channel.directUser ? (
        // The avatar has its own disc: on a second tint its initials would fall below AA.
        <AuthorAvatar user={channel.directUser} className="mb-3 size-14" />
      ) : (
        <div className="mb-3 grid size-14 place-items-center rounded-2xl bg-primary/15 text-primary">
          <ChannelTypeIcon type={channel.type} className="size-7" />
        </div>
      )}
      <h2 className="font-bold text-2xl tracking-tight">
        {t(INTRO_TITLE[channel.type], { name })}
      </h2>
      <p className="mt-1 text-muted-foreground">
        {compact
          ? t(direct ? 'messages.startOfDirect' : 'messages.startOfChannel')
          : t(direct ? 'messages.empty.directDescription' : 'messages.empty.description')}
      </p>
    </div>
  );
}

/**
 * The channel's history, virtualized (react-virtuoso): older pages are prepended as the
 * user scrolls up (firstItemIndex), the view follows new messages while at the bottom,
 * a permalink opens scrolled to its message, highlighted, and a "Nouveaux messages" line
 * marks where the unread messages began when the channel was opened (`readAtOpen`); the
 * list opens there.
 */
export function MessageList({
  readAtOpen: taken,
}: {
  readAtOpen: ReadPosition | null | undefined;
}) {
  // Not known yet (a cold load, before the sidebar's list): no line, and nothing marked read.
  const readAtOpen = taken ?? null;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { channel, me, openThread, focusComposer } = useChat();
  const query = useMessages(channel.id);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const container = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [highlightId, setHighlightId] = useState<string | null>(null);

  const stored = useMemo(() => flattenMessages(query.data), [query.data]);
  const pending = usePendingMessages(usePendingSends(channel.id, null), stored, me);
  const rows = useMemo(
    () => groupMessages<DisplayMessage>([...stored, ...pending]),
    [stored, pending],
  );
  const keys = useMemo(() => rows.map((row) => row.message.clientId ?? row.message.id), [rows]);
  const firstItemIndex = useFirstItemIndex(keys);
  const atHead = isAtHead(query.data);
  const firstUnreadId = useMemo(
    () => firstUnreadMessageId(stored, readAtOpen, me.id, query.hasPreviousPage),
    [stored, readAtOpen, me.id, query.hasPreviousPage],
  );
  useMarkReadWhileVisible(channel.id, taken === undefined ? null : lastSeenSeq(query.data));
  const ids = useMemo(() => rows.map((row) => row.message.id), [rows]);
  const scrollTo = useCallback(
    (index: number) => virtuoso.current?.scrollIntoView({ index, align: 'center' }),
    [],
  );
  const keyboard = useListKeyboard({ ids, container, scrollTo, onEscape: focusComposer });

  const { target, opened: permalinkOpened } = usePermalinkTarget(
    channel.id,
    query.data,
    openThread,
  );
  const unreadWindow = useUnreadWindow(channel.id, query.data !== undefined, readAtOpen);
  const targetIndex = target ? rows.findIndex((row) => row.message.id === target.id) : -1;
  const unreadIndex = firstUnreadId
    ? rows.findIndex((row) => row.message.id === firstUnreadId)
    : -1;

  // A new permalink target, or the unread window, remounts the list, opened there — once its
  // rows are in the list. The window reaches the cache before the target is set, but the
  // cache tells its observers a macrotask later (TanStack Query's notifyManager): mounted
  // at the target before its rows arrived, the list opened at the end of the window.
  const opening =
    target && targetIndex >= 0
      ? `${target.id}:${target.nonce}`
      : !target && unreadWindow && unreadIndex >= 0
        ? `unread:${unreadWindow}`
        : null;
  const [listKey, setListKey] = useState('latest');
  if (opening && opening !== listKey) setListKey(opening);
  // Where the list opens is given once per mount (listKey): kept hidden and shown again
  // (channel-view.tsx), Virtuoso would run its opening again — hidden four frames, then until
  // its scroll settles — where the list only has to show where it was.
  const [openedKey, setOpenedKey] = useState<string | null>(null);
  const listMounted = query.isSuccess && rows.length > 0;
  // Unmounted meanwhile (a reset query shows its loading state), the list opens again.
  useEffect(() => setOpenedKey(listMounted ? listKey : null), [listKey, listMounted]);
  const opensAt =
    openedKey === listKey
      ? undefined
      : targetIndex >= 0
        ? { index: targetIndex, align: 'center' as const }
        : unreadIndex >= 0
          ? { index: unreadIndex, align: 'start' as const, offset: -UNREAD_CONTEXT_PX }
          : { index: rows.length - 1, align: 'end' as const };

  const atEnd = useOpenAtEnd(container, listKey, listMounted, {
    atEnd: opensAt?.align === 'end',
    lastIndex: rows.length - 1,
  });
  // At the bottom, the list stays there as rows grow (an image's height comes after it).
  const bottom = useStickToBottom(listKey, highlightId === null);
  // Opening, only the rows in view: the rest come in the frames after it shows.
  const inOpening = atEnd.pinning || (opensAt !== undefined && !atEnd.shown);

  // Highlighted from when the list opens there, however long its window took to come.
  const openedAt = target && listKey === `${target.id}:${target.nonce}` ? target : null;
  useEffect(() => {
    if (!openedAt) return;
    permalinkOpened();
    setHighlightId(openedAt.id);
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [openedAt, permalinkOpened]);

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <div
        data-screen-ready=""
        className="flex flex-1 flex-col items-center justify-center gap-3 text-muted-foreground"
      >
        <p>{t('messages.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          {t('messages.retry')}
        </Button>
      </div>
    );
  }
  if (rows.length === 0) return <ChannelIntro />;

  const jumpToLatest = () => {
    if (!atHead) {
      // A permalink window far back: start again from the newest page.
      void queryClient.resetQueries({ queryKey: messagesKey(channel.id), exact: true });
      return;
    }
    // Not smooth: across rows never measured (the list opened at the unread line), a smooth
    // scroll stops where their estimated heights put the end.
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys and focus bubble up from the rows (roving focus, use-list-keyboard.ts)
    <div
      ref={container}
      className="relative flex min-h-0 flex-1 flex-col"
      onKeyDown={keyboard.onKeyDown}
      onFocus={keyboard.onFocus}
    >
      <span ref={keyboard.exitBefore} tabIndex={-1} />
      <Virtuoso<ListRow<DisplayMessage>, ListContext>
        key={listKey}
        ref={virtuoso}
        role="log"
        aria-label={t('messages.listLabel')}
        aria-live="polite"
        className="flex-1 overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        // One tab stop (use-list-keyboard.ts): the current message, or the scroller while it
        // is not rendered.
        tabIndex={keyboard.tabStopId ? -1 : 0}
        itemsRendered={(items) =>
          keyboard.rowsRendered(items.flatMap((item) => (item.data ? [item.data.message.id] : [])))
        }
        data={rows}
        firstItemIndex={firstItemIndex}
        // A permalink opens at its message; otherwise, as in Slack, reading resumes at the
        // "Nouveaux messages" line (near the top, a little of what was read above it), or at
        // the newest message when nothing is unread. Read once, when the list mounts.
        initialTopMostItemIndex={opensAt}
        computeItemKey={(_, row) => row.message.clientId ?? row.message.id}
        increaseViewportBy={inOpening ? NO_OVERSCAN : OVERSCAN}
        // A row with its author's name (most rows on opening): without it, Virtuoso renders one
        // row first to measure it, a render more before the list shows.
        defaultItemHeight={56}
        alignToBottom
        atBottomThreshold={80}
        atBottomStateChange={(value) => {
          setAtBottom(value);
          bottom.atBottomChanged(value);
        }}
        scrollerRef={bottom.scrollerRef}
        totalListHeightChanged={bottom.heightChanged}
        followOutput={(isAtBottom) => {
          // Own new message: always follow (and see it whole as it grows). Others': only when
          // already at the bottom.
          const last = rows.at(-1)?.message;
          if (last?.pending === 'sending' || last?.pending === 'queued') {
            bottom.stick();
            return 'auto';
          }
          // A permalink's message stays in view while highlighted: rows added meanwhile (the
          // page after its window, loaded because the window fits on a phone) do not pull the
          // list down past it.
          if (highlightId) return false;
          return isAtBottom ? 'smooth' : false;
        }}
        startReached={() => {
          if (query.hasPreviousPage && !query.isFetchingPreviousPage)
            void query.fetchPreviousPage();
        }}
        endReached={() => {
          if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
        }}
        // Through context, so that Virtuoso re-renders rows when these change.
        context={{
          hasOlder: query.hasPreviousPage,
          firstId: rows[0]?.message.id,
          highlightId,
          firstUnreadId,
          shownAtEnd: atEnd.shown,
          tabStopId: keyboard.tabStopId,
        }}
        components={{ Header: ListHeader, Footer: ListFooter, List: RowList }}
        // `flow-root`: a row's top margin stays inside the item that Virtuoso measures. Escaping
        // it (margins collapse through a plain div), 8 px a row went unmeasured, and a channel
        // could open three messages short of its newest (docs/performance-log.md,
        // "Channel switch").
        itemContent={(_, row, context) => (
          <div className="flow-root">
            {!context.hasOlder && row.message.id === context.firstId ? (
              <ChannelIntro compact />
            ) : null}
            <MessageBoundary message={row.message}>
              <MessageItem
                message={row.message}
                // Below the line, the author's name shows again.
                grouped={row.grouped && row.message.id !== context.firstUnreadId}
                startsDay={row.startsDay}
                highlighted={row.message.id === context.highlightId}
                firstUnread={row.message.id === context.firstUnreadId}
                tabStop={row.message.id === context.tabStopId}
              />
            </MessageBoundary>
          </div>
        )}
      />
      <span ref={keyboard.exitAfter} tabIndex={-1} />
      {!atBottom || !atHead ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={jumpToLatest}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full border shadow-lg"
        >
          <ArrowDownIcon aria-hidden />
          {t('messages.jumpToLatest')}
        </Button>
      ) : null}
    </div>
  );
}
