import { MessageSquareTextIcon, RotateCcwIcon, XIcon } from 'lucide-react';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_PLACEHOLDER } from '#shared/limits';
import type { Message } from '#shared/messages';
import { userDisplayName } from '#shared/user-names';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useMessageExtensions } from '@/lib/message-extensions';
import { cn } from '@/lib/utils';
import { useLongPress } from '../hooks/use-long-press';
import { useNow } from '../hooks/use-now';
import { dayLabel, fullDateTime, relativeTime, timeOfDay } from '../lib/format-time';
import type { MentionTarget } from '../lib/remark-mentions';
import { AuthorAvatar } from './author-avatar';
import { useChat } from './chat-context';
import { MessageActions } from './message-actions';
import { MessageBody } from './message-body';
import { MessageEditor } from './message-editor';
import { NewMessagesLine } from './new-messages-line';
import { ReactionBar } from './reaction-bar';

// Loaded when first asked for, not with the message list.
const DeleteMessageDialog = lazy(() =>
  import('./delete-message-dialog').then((module) => ({ default: module.DeleteMessageDialog })),
);
const MessageActionSheet = lazy(() =>
  import('./message-action-sheet').then((module) => ({ default: module.MessageActionSheet })),
);
const MessageHistoryDialog = lazy(() =>
  import('./message-history-dialog').then((module) => ({ default: module.MessageHistoryDialog })),
);

/** docs/product.md §5: "(attachment)" is what a message with files and no text carries; not shown. */
const isPlaceholderOnly = (message: Message) =>
  message.content === ATTACHMENT_PLACEHOLDER && message.attachments.length > 0;

/** A stored message, or an own message still pending (lib/pending-sends). */
export type DisplayMessage = Message & { pending?: 'sending' | 'queued' | 'failed' };

export function DaySeparator({ date }: { date: Date }) {
  const { t } = useTranslation();
  return (
    <div className="relative flex items-center px-5 pt-4 pb-1">
      <div className="h-px flex-1 bg-border" />
      <span className="mx-3 rounded-full border bg-background px-3 py-0.5 font-medium text-muted-foreground text-xs">
        {dayLabel(date, t)}
      </span>
      <div className="h-px flex-1 bg-border" />
    </div>
  );
}

function Timestamp({ date, compact }: { date: Date; compact?: boolean }) {
  const { t } = useTranslation();
  useNow();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <time
          dateTime={date.toISOString()}
          className={cn(
            'cursor-default text-muted-foreground text-xs tabular-nums hover:underline',
            compact && 'text-[0.6875rem]',
          )}
        >
          {compact ? timeOfDay(date) : relativeTime(date, t)}
        </time>
      </TooltipTrigger>
      <TooltipContent>{fullDateTime(date)}</TooltipContent>
    </Tooltip>
  );
}

function ReplySummary({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { openThread } = useChat();
  useNow();
  if (message.replyCount === 0) return null;
  return (
    <button
      type="button"
      onClick={() => openThread(message)}
      className="group/replies mt-1 flex cursor-pointer items-center gap-2 rounded-md border border-transparent py-1 pr-3 pl-1.5 text-left text-xs transition-colors hover:border-border hover:bg-background"
    >
      <MessageSquareTextIcon className="size-4 text-link" aria-hidden />
      <span className="font-semibold text-link group-hover/replies:underline">
        {t('messages.replies', { count: message.replyCount })}
      </span>
      {message.lastReplyAt ? (
        <span className="text-muted-foreground">
          {t('messages.lastReply', { time: relativeTime(new Date(message.lastReplyAt), t) })}
        </span>
      ) : null}
    </button>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  grouped,
  startsDay,
  highlighted = false,
  firstUnread = false,
  inThread = false,
  tabStop = true,
}: {
  message: DisplayMessage;
  grouped: boolean;
  startsDay: boolean;
  highlighted?: boolean;
  /** The first message that was unread when the channel opened: the line goes above it. */
  firstUnread?: boolean;
  inThread?: boolean;
  /** The list's one tab stop (roving focus, use-list-keyboard.ts); others take focus by arrows. */
  tabStop?: boolean;
}) {
  const { t } = useTranslation();
  const { me, members, retrySend, discardSend, editRequest } = useChat();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [active, setActive] = useState(false);
  const extensions = useMessageExtensions();
  const actions = useMemo(
    () => extensions.flatMap((extension) => extension.actions ?? []),
    [extensions],
  );
  const [actionId, setActionId] = useState<string | null>(null);
  const openAction = actions.find((action) => action.id === actionId);
  // The toolbar (popover, menu, tooltips) mounts only for the row in use: with thousands
  // of rows scrolling by, idle rows stay cheap.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const showTools = hovered || focused || active || menuOpen;
  const [sheetOpen, setSheetOpen] = useState(false);
  const longPress = useLongPress(() => {
    navigator.vibrate?.(10);
    setSheetOpen(true);
  });

  useEffect(() => {
    if (editRequest?.messageId === message.id) setEditing(true);
  }, [editRequest, message.id]);
  const createdAt = new Date(message.createdAt);
  const author = userDisplayName(message.user) ?? t('common.unknownUser');
  const mentionsMe = message.mentions.includes(me.id);

  const mentionTargets = useMemo<MentionTarget[]>(
    () =>
      message.mentions.flatMap((userId) => {
        const user = userId === me.id ? me : members.get(userId);
        const name = userDisplayName(user);
        return name ? [{ userId, name, isMe: userId === me.id }] : [];
      }),
    [message.mentions, me, members],
  );

  return (
    <>
      {startsDay ? <DaySeparator date={createdAt} /> : null}
      {firstUnread ? <NewMessagesLine /> : null}
      <article
        aria-label={author}
        data-message-id={message.id}
        data-pending={message.pending}
        data-highlighted={highlighted}
        data-active={active || menuOpen}
        // Keyboard users reach the list's current message with Tab, the others with the arrows.
        tabIndex={tabStop ? 0 : -1}
        // Phones have no hover: a long press opens the action sheet; a tap or a scroll
        // leaves the row alone (the toolbar never covers the list under a finger).
        onPointerEnter={(event) => {
          if (event.pointerType !== 'touch') setHovered(true);
        }}
        onPointerLeave={() => {
          setHovered(false);
          setActive(false);
        }}
        {...(message.pending || editing ? {} : longPress)}
        // Keyboard focus shows the toolbar; the focus a tap or a click leaves does not.
        onFocus={(event) => {
          if ((event.target as HTMLElement).matches(':focus-visible')) setFocused(true);
        }}
        onBlur={(event) => {
          if (event.currentTarget.contains(event.relatedTarget)) return;
          setFocused(false);
          setActive(false);
        }}
        className={cn(
          'group/message relative flex gap-3 px-5 outline-none transition-colors duration-700 focus-visible:bg-accent/35 focus-visible:ring-1 focus-visible:ring-ring/50 focus-visible:ring-inset',
          grouped ? 'py-0.5' : 'mt-2 pt-1.5 pb-0.5',
          'hover:bg-accent/35 data-[active=true]:bg-accent/35',
          mentionsMe &&
            'border-primary border-l-2 bg-primary/[0.07] pl-[1.125rem] hover:bg-primary/10',
          highlighted && 'bg-primary/20 hover:bg-primary/20',
          (message.pending === 'sending' || message.pending === 'queued') && 'opacity-60',
        )}
      >
        <div className="w-9 shrink-0">
          {grouped ? (
            <div className="invisible pt-1 text-right group-hover/message:visible">
              <Timestamp date={createdAt} compact />
            </div>
          ) : (
            <AuthorAvatar user={message.user} className="mt-0.5" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          {grouped ? null : (
            <header className="flex items-baseline gap-2">
              <span className="truncate font-semibold text-[0.9375rem] text-foreground">
                {author}
              </span>
              <Timestamp date={createdAt} />
            </header>
          )}
          {editing ? (
            <MessageEditor message={message} onDone={() => setEditing(false)} />
          ) : (
            <div className="flex flex-wrap items-end gap-x-1.5">
              <div className="min-w-0 max-w-full">
                {isPlaceholderOnly(message) ? null : (
                  <MessageBody content={message.content} mentions={mentionTargets} />
                )}
              </div>
              {message.edited ? (
                <button
                  type="button"
                  onClick={() => setHistoryOpen(true)}
                  aria-label={t('messages.editedHistory')}
                  className="cursor-pointer rounded-sm pb-0.5 text-muted-foreground text-xs outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {t('messages.edited')}
                </button>
              ) : null}
              {extensions.map(({ id, Mark }) =>
                Mark ? <Mark key={id} message={message} /> : null,
              )}
            </div>
          )}
          {extensions.map(({ id, Attachments }) =>
            Attachments ? <Attachments key={id} message={message} /> : null,
          )}
          {message.pending === 'sending' ? (
            <p className="mt-0.5 text-muted-foreground text-xs" role="status">
              {t('messages.sending')}
            </p>
          ) : null}
          {/* Written offline (docs/product.md §2.34): goes out once the connection is back. */}
          {message.pending === 'queued' ? (
            <div className="mt-0.5 flex gap-3 text-muted-foreground text-xs">
              <span role="status">{t('messages.queued')}</span>
              <button
                type="button"
                onClick={() => message.clientId && discardSend(message.clientId)}
                className="cursor-pointer hover:underline"
              >
                {t('messages.discard')}
              </button>
            </div>
          ) : null}
          {message.pending === 'failed' ? (
            <div className="mt-1 flex items-center gap-3 text-destructive text-xs" role="alert">
              <span>{t('messages.failed')}</span>
              <button
                type="button"
                onClick={() => message.clientId && retrySend(message.clientId)}
                className="inline-flex cursor-pointer items-center gap-1 font-semibold hover:underline"
              >
                <RotateCcwIcon className="size-3" aria-hidden />
                {t('messages.retrySend')}
              </button>
              <button
                type="button"
                onClick={() => message.clientId && discardSend(message.clientId)}
                className="inline-flex cursor-pointer items-center gap-1 text-muted-foreground hover:underline"
              >
                <XIcon className="size-3" aria-hidden />
                {t('messages.discard')}
              </button>
            </div>
          ) : null}
          {extensions.map(({ id, Chips }) => (Chips ? <Chips key={id} message={message} /> : null))}
          {message.pending ? null : <ReactionBar message={message} />}
          {inThread || message.pending ? null : <ReplySummary message={message} />}
        </div>
        {message.pending || editing || !showTools ? null : (
          <MessageActions
            message={message}
            inThread={inThread}
            // The toolbar unmounts while editing, before its menu reports closing.
            onEdit={() => {
              setMenuOpen(false);
              setEditing(true);
            }}
            onDelete={() => {
              setMenuOpen(false);
              setDeleting(true);
            }}
            actions={actions}
            onAction={setActionId}
            onOpenChange={setMenuOpen}
          />
        )}
      </article>
      {historyOpen ? (
        <Suspense fallback={null}>
          <MessageHistoryDialog
            message={message}
            mentions={mentionTargets}
            open={historyOpen}
            onOpenChange={setHistoryOpen}
          />
        </Suspense>
      ) : null}
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteMessageDialog message={message} open={deleting} onOpenChange={setDeleting} />
        </Suspense>
      ) : null}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <MessageActionSheet
            message={message}
            inThread={inThread}
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            onEdit={() => setEditing(true)}
            onDelete={() => setDeleting(true)}
            actions={actions}
            onAction={setActionId}
          />
        </Suspense>
      ) : null}
      {openAction?.Dialog ? (
        <openAction.Dialog message={message} onClose={() => setActionId(null)} />
      ) : null}
    </>
  );
});
