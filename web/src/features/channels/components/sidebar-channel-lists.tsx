import { useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, ChevronRightIcon, CompassIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Channel } from '#shared/channels';
import { SKELETON_ROWS } from '#shared/limits';
import { ChannelTypeIcon } from '@/components/channel-type-icon';
import { PresenceAvatar } from '@/components/presence-avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { UnreadBadge } from '@/components/unread-badge';
import { VoiceChannelMembers } from '@/features/voice';
import { useChannelContent } from '@/lib/channel-content';
import { cn } from '@/lib/utils';
import { useChannels } from '../api/get-channels';
import { sortForSidebar, useActiveChannelId } from '../hooks/use-active-channel';
import { useChannelTitle } from '../hooks/use-channel-title';
import { usePrefetchUnread } from '../hooks/use-prefetch-unread';

const itemClass =
  'group flex h-8 w-full min-w-0 items-center gap-2 rounded-md px-2 text-muted-foreground text-sm outline-none transition-colors hover:bg-accent/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';
const activeClass = 'bg-primary/15 text-foreground hover:bg-primary/20 [&_svg]:text-primary';

interface ChannelNavItemProps {
  onNavigate?: () => void;
  channel: Channel;
  active: boolean;
  title: string;
  leading: ReactNode;
  /** Under the item (a voice channel: who is in it now). */
  below?: ReactNode;
}

function ChannelNavItem({
  channel,
  active,
  title,
  leading,
  onNavigate,
  below,
}: ChannelNavItemProps) {
  const queryClient = useQueryClient();
  const { prefetch: prefetchAhead, DraftMark } = useChannelContent();
  const prefetch = (channelId: string) => prefetchAhead(queryClient, channelId);
  const unread = active ? 0 : channel.unreadCount;
  return (
    <li>
      <Link
        href={`/channel/${channel.id}`}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        // Where the pointer or the focus goes, the click often follows: load it now.
        onPointerEnter={() => prefetch(channel.id)}
        onFocus={() => prefetch(channel.id)}
        data-unread={unread > 0 || undefined}
        className={cn(itemClass, active && activeClass, unread > 0 && 'text-foreground')}
      >
        {leading}
        <span className={cn('min-w-0 flex-1 truncate', unread > 0 && 'font-semibold')}>
          {title}
        </span>
        {/* An unsent draft waits in this channel's composer (or one of its threads'). */}
        {active ? null : <DraftMark channelId={channel.id} />}
        <UnreadBadge count={unread} />
      </Link>
      {below}
    </li>
  );
}

/** docs/product.md §2: five skeleton rows while the list loads. */
function SkeletonRows() {
  const { t } = useTranslation();
  return (
    <ul aria-busy="true" aria-label={t('layout.sidebar.loading')} className="grid gap-1">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} className="flex h-8 items-center gap-2 px-2">
          <Skeleton className="size-4 shrink-0" />
          <Skeleton className="h-3.5" style={{ width: `${55 + ((index * 17) % 35)}%` }} />
        </li>
      ))}
    </ul>
  );
}

function EmptyText({ children }: { children: ReactNode }) {
  return <p className="px-2 py-1.5 text-muted-foreground/80 text-sm italic">{children}</p>;
}

/** The Channels section's items: channel, group and voice (docs/product.md §2). */
interface NavListProps {
  /** Called after a selection (the mobile menu closes). */
  onNavigate?: () => void;
}

export function ChannelNavList({ onBrowse, onNavigate }: NavListProps & { onBrowse?: () => void }) {
  const { t } = useTranslation();
  const { data, isPending } = useChannels();
  const activeId = useActiveChannelId();
  usePrefetchUnread(
    (data ?? []).filter((c) => c.unreadCount > 0 && c.id !== activeId).map((c) => c.id),
  );
  if (isPending) return <SkeletonRows />;
  const { rooms: all } = sortForSidebar(data ?? []);
  // Archived channels are listed apart, folded (issue 48).
  const rooms = all.filter((channel) => !channel.archivedAt);
  const archived = all.filter((channel) => channel.archivedAt);
  return (
    <div className="grid gap-0.5">
      {rooms.length === 0 ? <EmptyText>{t('layout.sidebar.noChannels')}</EmptyText> : null}
      {rooms.length > 0 ? (
        <ul aria-label={t('channels.sidebar.listLabel')} className="grid gap-0.5">
          {rooms.map((channel) => (
            <ChannelNavItem
              key={channel.id}
              onNavigate={onNavigate}
              channel={channel}
              active={channel.id === activeId}
              title={channel.name}
              leading={
                <ChannelTypeIcon type={channel.type} className="size-4 shrink-0 opacity-80" />
              }
              below={
                channel.type === 'voice' ? (
                  <VoiceChannelMembers channelId={channel.id} name={channel.name} />
                ) : null
              }
            />
          ))}
        </ul>
      ) : null}
      {archived.length > 0 ? (
        <ArchivedChannels channels={archived} activeId={activeId} onNavigate={onNavigate} />
      ) : null}
      {onBrowse ? (
        <div>
          <button type="button" onClick={onBrowse} className={cn(itemClass, 'cursor-pointer')}>
            <CompassIcon aria-hidden className="size-4 shrink-0 opacity-80" />
            <span className="truncate">{t('channels.browse.open')}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** « Archivés »: folded until opened, or while one of them is on screen. */
function ArchivedChannels({
  channels,
  activeId,
  onNavigate,
}: NavListProps & { channels: Channel[]; activeId: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = open || channels.some((channel) => channel.id === activeId);
  return (
    <div className="grid gap-0.5">
      <button
        type="button"
        aria-expanded={shown}
        onClick={() => setOpen(!shown)}
        className={cn(itemClass, 'cursor-pointer')}
      >
        <ChevronRightIcon
          aria-hidden
          className={cn('size-4 shrink-0 opacity-80 transition-transform', shown && 'rotate-90')}
        />
        <span className="min-w-0 flex-1 truncate text-left">
          {t('channelAdmin.archivedSection')}
        </span>
        <span className="text-muted-foreground/80 text-xs tabular-nums">{channels.length}</span>
      </button>
      {shown ? (
        <ul aria-label={t('channelAdmin.archivedListLabel')} className="grid gap-0.5">
          {channels.map((channel) => (
            <ChannelNavItem
              key={channel.id}
              onNavigate={onNavigate}
              channel={channel}
              active={channel.id === activeId}
              title={channel.name}
              leading={<ArchiveIcon aria-hidden className="size-4 shrink-0 opacity-60" />}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The Direct messages section's items: the other person's avatar, presence and name. */
export function DirectMessageNavList({ onNavigate }: NavListProps) {
  const { t } = useTranslation();
  const { data, isPending } = useChannels();
  const activeId = useActiveChannelId();
  const titleOf = useChannelTitle();
  // The Channels section carries the five skeleton rows (docs/product.md §9) while the list loads.
  if (isPending) return null;
  const { directs } = sortForSidebar(data ?? []);
  if (directs.length === 0) return <EmptyText>{t('layout.sidebar.noDirectMessages')}</EmptyText>;
  return (
    <ul aria-label={t('channels.sidebar.directListLabel')} className="grid gap-0.5">
      {directs.map((channel) => {
        const title = titleOf(channel);
        return (
          <ChannelNavItem
            key={channel.id}
            onNavigate={onNavigate}
            channel={channel}
            active={channel.id === activeId}
            title={title}
            leading={
              channel.directUser ? (
                <PresenceAvatar
                  user={channel.directUser}
                  name={title}
                  className="size-5 [&_span]:text-[8px] [&>span:last-child]:size-2.5 [&>span:last-child]:ring-sidebar"
                />
              ) : (
                <ChannelTypeIcon type="direct" className="size-4 shrink-0 opacity-80" />
              )
            }
          />
        );
      })}
    </ul>
  );
}
