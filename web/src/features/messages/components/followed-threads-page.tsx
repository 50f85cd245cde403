import { MessagesSquareIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Message, ThreadSummaryItem } from '#shared/messages';
import { userDisplayName } from '#shared/user-names';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { PagedCardList } from '@/components/paged-card-list';
import { UnreadBadge } from '@/components/unread-badge';
import { useChannels } from '@/features/channels';
import { useDisplayName } from '@/lib/use-display-name';
import { cn } from '@/lib/utils';
import { useFollowedThreads } from '../api/get-followed-threads';
import { relativeTime } from '../lib/format-time';
import { AuthorAvatar } from './author-avatar';

/** One message of a thread card: author, when, the text (clamped). */
function ThreadLine({ message, unread }: { message: Message; unread?: boolean }) {
  const { t } = useTranslation();
  const name = userDisplayName(message.user) ?? t('common.unknownUser');
  return (
    <div
      className={cn('flex gap-2.5 rounded-md px-2 py-1.5', unread && 'bg-primary/10')}
      data-unread={unread || undefined}
    >
      <AuthorAvatar user={message.user} className="size-7" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex items-baseline gap-2 text-sm">
          <span className="truncate font-semibold">{name}</span>
          <time dateTime={message.createdAt} className="shrink-0 text-muted-foreground text-xs">
            {relativeTime(new Date(message.createdAt), t)}
          </time>
          {unread ? <span className="sr-only">{t('threads.unreadReply')}</span> : null}
        </p>
        <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm">{message.content}</p>
      </div>
    </div>
  );
}

function ThreadCard({ thread }: { thread: ThreadSummaryItem }) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const { data: channels } = useChannels();
  const channel = channels?.find((c) => c.id === thread.parent.channelId);
  const channelName =
    channel?.type === 'direct' && channel.directUser
      ? displayName(channel.directUser)
      : (channel?.name ?? '');
  const newest = thread.latestReplies.at(-1);
  // The unread replies are the newest ones: mark that many of the latest shown.
  const shown = thread.latestReplies.length;
  const firstUnread = shown - Math.min(thread.unreadCount, shown);
  const older = thread.parent.replyCount - shown;
  return (
    <li>
      <Link
        href={`/channel/${thread.parent.channelId}?message=${newest?.id ?? thread.parent.id}`}
        aria-label={t('threads.open', { name: channelName, count: thread.unreadCount })}
        className="grid gap-1 rounded-xl border bg-card p-3 outline-none transition-colors hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex items-center gap-2 px-2 font-semibold text-muted-foreground text-xs">
          {channel ? <ChannelTypeIcon type={channel.type} className="size-3.5" /> : null}
          <span className="min-w-0 flex-1 truncate">{channelName}</span>
          <UnreadBadge count={thread.unreadCount} />
        </span>
        <ThreadLine message={thread.parent} />
        {older > 0 ? (
          <span className="px-2 pl-12 text-muted-foreground text-xs">
            {t('threads.olderReplies', { count: older })}
          </span>
        ) : null}
        <div className="grid gap-0.5 border-l-2 pl-2 sm:ml-5">
          {thread.latestReplies.map((reply, index) => (
            <ThreadLine key={reply.id} message={reply} unread={index >= firstUnread} />
          ))}
        </div>
      </Link>
    </li>
  );
}

/** The "Fils de discussion" view: followed threads, newest activity first. */
export function FollowedThreadsPage() {
  const { t } = useTranslation();
  const query = useFollowedThreads();
  const threads = query.data?.pages.flatMap((page) => page.threads) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-3xl content-start gap-4 px-4 py-6 sm:px-6">
      <header className="flex items-center gap-2">
        <MessagesSquareIcon aria-hidden className="size-5 text-muted-foreground" />
        <h1 className="font-bold text-xl tracking-tight">{t('threads.title')}</h1>
      </header>
      <PagedCardList
        query={query}
        items={threads}
        texts={{
          loading: t('threads.loading'),
          loadError: t('threads.loadError'),
          empty: t('threads.empty'),
          listLabel: t('threads.listLabel'),
          more: t('threads.more'),
        }}
        skeletonClassName="h-28"
        renderItem={(item) => <ThreadCard key={item.parent.id} thread={item} />}
      />
    </div>
  );
}
