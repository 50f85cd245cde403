import { XIcon } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArchivedChannelNotice } from '@/features/channels';
import { ApiError } from '@/lib/api';
import { useThread } from '../api/get-thread';
import { useMarkThreadReadWhileShown } from '../api/mark-thread-read';
import { groupMessages } from '../lib/group-messages';
import { usePendingSends } from '../lib/pending-sends';
import { useChat } from './chat-context';
import { Composer } from './composer';
import { MessageBoundary } from './message-boundary';
import { type DisplayMessage, MessageItem } from './message-item';
import { usePendingMessages } from './pending-messages';

/**
 * A thread: the parent, its replies and a composer that replies (parentMessageId). A side
 * panel on wide screens, the whole screen on phones.
 */
export function ThreadPanel({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { channel, me } = useChat();
  const { data, isPending, isError, error } = useThread(messageId);
  const gone = error instanceof ApiError && error.status === 404;
  const replies = data?.replies ?? [];
  const pending = usePendingMessages(usePendingSends(channel.id, messageId), replies, me);
  const rows = useMemo(
    () => groupMessages<DisplayMessage>([...replies, ...pending]),
    [replies, pending],
  );
  const end = useRef<HTMLDivElement>(null);
  useMarkThreadReadWhileShown(messageId, replies.at(-1)?.seq);

  // New replies (own or others') keep the panel scrolled to the newest.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reply count is the trigger
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [rows.length]);

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [onClose]);

  return (
    <aside
      aria-label={t('thread.title')}
      // Phones: the whole screen. Tablets: a sheet over the right side. Wide screens: a column.
      className="fixed inset-0 z-40 flex flex-col bg-background md:left-auto md:w-[420px] md:border-l md:shadow-2xl xl:static xl:z-auto xl:w-[400px] xl:shrink-0 xl:shadow-none 2xl:w-[440px]"
    >
      <header className="flex h-14 shrink-0 items-center justify-between border-b px-4">
        <div className="min-w-0">
          <h2 className="font-semibold">{t('thread.title')}</h2>
          {channel.type === 'direct' ? null : (
            <p className="truncate text-muted-foreground text-xs">
              {t(channel.type === 'group' ? 'thread.inGroup' : 'thread.inChannel', {
                name: channel.name,
              })}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('thread.close')}
          className="grid size-8 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <XIcon className="size-4" aria-hidden />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto pb-3">
        {isPending ? (
          <p className="p-5 text-muted-foreground text-sm">{t('messages.loading')}</p>
        ) : isError || !data?.parent ? (
          <p className="p-5 text-muted-foreground text-sm">
            {t(gone ? 'thread.parentDeleted' : 'thread.loadError')}
          </p>
        ) : (
          <>
            <div className="pt-2 pb-3">
              <MessageBoundary message={data.parent}>
                <MessageItem message={data.parent} grouped={false} startsDay={false} inThread />
              </MessageBoundary>
            </div>
            <div className="flex items-center gap-3 px-5 pb-1">
              <span className="shrink-0 text-muted-foreground text-xs">
                {t('messages.replies', { count: data.parent.replyCount })}
              </span>
              <div className="h-px flex-1 bg-border" />
            </div>
            {rows.length === 0 ? (
              <p className="px-5 py-6 text-center text-muted-foreground text-sm">
                {t('thread.noReplies')}
              </p>
            ) : (
              <div role="log" aria-label={t('thread.title')}>
                {rows.map((row) => (
                  <MessageBoundary
                    key={row.message.clientId ?? row.message.id}
                    message={row.message}
                  >
                    <MessageItem
                      message={row.message}
                      grouped={row.grouped}
                      startsDay={false}
                      inThread
                    />
                  </MessageBoundary>
                ))}
              </div>
            )}
            <div ref={end} />
          </>
        )}
      </div>
      {/* An archived channel takes no reply either (issue 48). */}
      {channel.archivedAt ? (
        <ArchivedChannelNotice channel={channel} />
      ) : (
        <Composer
          parentMessageId={messageId}
          placeholder={t('composer.placeholderThread')}
          autoFocus
        />
      )}
    </aside>
  );
}
