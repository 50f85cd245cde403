import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PinnedMessage } from '#shared/pins';
import { userDisplayName } from '#shared/user-names';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/user-avatar';
import { relativeTime } from '@/features/messages';
import { usePins } from '../api/pins';
import { MessageExcerpt } from './message-excerpt';

function PinItem({ pin, onOpen }: { pin: PinnedMessage; onOpen: () => void }) {
  const { t } = useTranslation();
  const { message } = pin;
  const name = userDisplayName(message.user) ?? t('common.unknownUser');
  const time = relativeTime(new Date(pin.pinnedAt), t);
  return (
    <li>
      <Link
        href={`/channel/${message.channelId}?message=${message.id}`}
        onClick={onOpen}
        aria-label={t('pins.open', { name, time })}
        className="flex gap-2.5 rounded-md px-2 py-2 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <UserAvatar user={message.user} name={name} className="size-7" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-baseline gap-2 text-sm">
            <span className="truncate font-semibold">{name}</span>
            <time dateTime={message.createdAt} className="shrink-0 text-muted-foreground text-xs">
              {relativeTime(new Date(message.createdAt), t)}
            </time>
          </span>
          <span className="line-clamp-3 break-words text-sm">
            <MessageExcerpt content={message.content} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The channel's pinned messages, newest pin first (the header's popover, loaded when opened). */
export function PinsList({ channelId, onOpen }: { channelId: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const query = usePins(channelId);
  const pins = query.data?.pins ?? [];
  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('pins.loading')} className="grid gap-2 p-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (query.isError)
    return <p className="p-2 text-muted-foreground text-sm">{t('pins.loadError')}</p>;
  if (pins.length === 0)
    return <p className="p-2 text-muted-foreground text-sm">{t('pins.empty')}</p>;
  return (
    <ul aria-label={t('pins.listLabel')} className="grid gap-0.5">
      {pins.map((pin) => (
        <PinItem key={pin.message.id} pin={pin} onOpen={onOpen} />
      ))}
    </ul>
  );
}
