import { BookmarkIcon, BookmarkMinusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SavedMessage } from '#shared/pins';
import { userDisplayName } from '#shared/user-names';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { PagedCardList } from '@/components/paged-card-list';
import { IconButton } from '@/components/ui/icon-button';
import { UserAvatar } from '@/components/user-avatar';
import { useChannels } from '@/features/channels';
import { relativeTime } from '@/features/messages';
import { toastFailure } from '@/lib/toast-failure';
import { useDisplayName } from '@/lib/use-display-name';
import { useSaved, useToggleSaved } from '../api/saved';
import { MessageExcerpt } from './message-excerpt';

function SavedCard({ item }: { item: SavedMessage }) {
  const { t } = useTranslation();
  const displayName = useDisplayName();
  const { data: channels } = useChannels();
  const toggle = useToggleSaved();
  const { message } = item;
  const channel = channels?.find((c) => c.id === message.channelId);
  const channelName =
    channel?.type === 'direct' && channel.directUser
      ? displayName(channel.directUser)
      : (channel?.name ?? '');
  const name = userDisplayName(message.user) ?? t('common.unknownUser');
  return (
    <li className="relative">
      <Link
        href={`/channel/${message.channelId}?message=${message.id}`}
        aria-label={t('saved.open', { name, channel: channelName })}
        className="grid gap-1.5 rounded-xl border bg-card p-3 pr-12 outline-none transition-colors hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex items-center gap-2 font-semibold text-muted-foreground text-xs">
          {channel ? <ChannelTypeIcon type={channel.type} className="size-3.5" /> : null}
          <span className="min-w-0 flex-1 truncate">{channelName}</span>
          <span className="shrink-0 font-normal">
            {t('saved.savedAt', { time: relativeTime(new Date(item.savedAt), t) })}
          </span>
        </span>
        <span className="flex gap-2.5">
          <UserAvatar user={message.user} name={name} className="size-7" />
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex items-baseline gap-2 text-sm">
              <span className="truncate font-semibold">{name}</span>
              <time dateTime={message.createdAt} className="shrink-0 text-muted-foreground text-xs">
                {relativeTime(new Date(message.createdAt), t)}
              </time>
            </span>
            <span className="line-clamp-4 break-words text-sm">
              <MessageExcerpt content={message.content} />
            </span>
          </span>
        </span>
      </Link>
      <IconButton
        label={t('saved.remove')}
        title={t('saved.remove')}
        size="icon-sm"
        className="absolute top-2 right-2"
        disabled={toggle.isPending}
        onClick={() =>
          toggle.mutate(
            { message, save: false },
            { onError: (error) => toastFailure(error, t('saved.errorTitle'), t('saved.error')) },
          )
        }
      >
        <BookmarkMinusIcon aria-hidden />
      </IconButton>
    </li>
  );
}

/** « Enregistrés »: one's saved messages, newest saved first (docs/product.md). */
export function SavedPage() {
  const { t } = useTranslation();
  const query = useSaved();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-3xl content-start gap-4 px-4 py-6 sm:px-6">
      <header className="flex items-center gap-2">
        <BookmarkIcon aria-hidden className="size-5 text-muted-foreground" />
        <h1 className="font-bold text-xl tracking-tight">{t('saved.title')}</h1>
      </header>
      <PagedCardList
        query={query}
        items={items}
        texts={{
          loading: t('saved.loading'),
          loadError: t('saved.loadError'),
          empty: t('saved.empty'),
          listLabel: t('saved.listLabel'),
          more: t('saved.more'),
        }}
        skeletonClassName="h-24"
        renderItem={(item) => <SavedCard key={item.message.id} item={item} />}
      />
    </div>
  );
}
