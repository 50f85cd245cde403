import { PinIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ChannelWithMembers } from '#shared/channels';
import type { PinnedMessage } from '#shared/pins';
import { userDisplayName } from '#shared/users';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
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

/**
 * The channel header's pins (docs/product.md, "Messages épinglés et enregistrés"): a pin and
 * how many, opening the list; each opens the channel at its message.
 */
export function PinsButton({ channel }: { channel: ChannelWithMembers }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = usePins(channel.id);
  const pins = query.data?.pins ?? [];
  const label = t('pins.button', { count: pins.length });
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={label}
          title={label}
          className="gap-1 px-2 text-muted-foreground"
          data-testid="pins-button"
        >
          <PinIcon aria-hidden />
          {pins.length > 0 ? (
            <span aria-hidden className="text-xs tabular-nums">
              {pins.length}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="grid max-h-[min(28rem,70dvh)] w-[min(24rem,calc(100vw-1.5rem))] grid-rows-[auto_1fr] gap-2 p-2"
      >
        <h2 className="px-2 pt-1 font-semibold text-sm">{t('pins.title')}</h2>
        <div className="min-h-0 overflow-y-auto">
          {query.isPending ? (
            <div
              role="status"
              aria-busy="true"
              aria-label={t('pins.loading')}
              className="grid gap-2 p-2"
            >
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : query.isError ? (
            <p className="p-2 text-muted-foreground text-sm">{t('pins.loadError')}</p>
          ) : pins.length === 0 ? (
            <p className="p-2 text-muted-foreground text-sm">{t('pins.empty')}</p>
          ) : (
            <ul aria-label={t('pins.listLabel')} className="grid gap-0.5">
              {pins.map((pin) => (
                <PinItem key={pin.message.id} pin={pin} onOpen={() => setOpen(false)} />
              ))}
            </ul>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
