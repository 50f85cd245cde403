import { formatDistanceToNowStrict } from 'date-fns';
import { fr } from 'date-fns/locale';
import {
  AlarmClockIcon,
  AtSignIcon,
  BellRingIcon,
  CalendarX2Icon,
  CheckCheckIcon,
  CircleUserIcon,
  HashIcon,
  MessageCircleIcon,
  MessagesSquareIcon,
  SmileIcon,
  UserPlusIcon,
  UsersIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { NOTIFICATION_LIST_HEIGHT_PX } from '#shared/limits';
import type { Notification, NotificationType } from '#shared/notifications';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationHref } from '../lib/links';
import { DesktopBanner } from './desktop-banner';
import { notificationText } from './notification-text';

const ICONS: Record<NotificationType, typeof AtSignIcon> = {
  mention: AtSignIcon,
  direct_message: MessageCircleIcon,
  thread_reply: MessagesSquareIcon,
  channel_message: HashIcon,
  reaction: SmileIcon,
  channel_invite: UserPlusIcon,
  friend_request: UserPlusIcon,
  friend_accepted: UsersIcon,
  reminder: AlarmClockIcon,
  scheduled_failed: CalendarX2Icon,
  account: CircleUserIcon,
};

/** The bell's popover: newest first, 400 px high, a click marks read and opens the message. */
export function NotificationList({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const query = useNotifications(open);
  const unread = useUnreadCount().data?.count ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
        <h2 className="font-semibold text-sm">{t('notifications.title')}</h2>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          <CheckCheckIcon aria-hidden />
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <DesktopBanner />
      <div
        className="overflow-y-auto overscroll-contain"
        style={{ height: NOTIFICATION_LIST_HEIGHT_PX, maxHeight: '60dvh' }}
      >
        {query.isPending ? (
          <div className="grid gap-3 p-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <div className="grid place-items-center gap-2 p-8 text-center text-muted-foreground text-sm">
            {t('notifications.loadFailed')}
            <Button type="button" variant="outline" size="sm" onClick={() => query.refetch()}>
              {t('notifications.retry')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="grid h-full place-items-center content-center gap-2 p-8 text-center">
            <BellRingIcon aria-hidden className="size-8 text-muted-foreground/60" />
            <p className="font-medium text-sm">{t('notifications.empty')}</p>
            <p className="text-muted-foreground text-xs">{t('notifications.emptyHint')}</p>
          </div>
        ) : (
          <ul className="divide-y" aria-label={t('notifications.title')}>
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
        {query.hasNextPage ? (
          <div className="p-2 text-center">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {t('notifications.loadMore')}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}

function NotificationItem({ item, onNavigate }: { item: Notification; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const markRead = useMarkNotificationRead();
  const Icon = ICONS[item.type] ?? BellRingIcon;
  const at = new Date(item.createdAt);
  return (
    <li>
      <button
        type="button"
        data-testid="notification-item"
        data-read={item.read}
        onClick={() => {
          if (!item.read) markRead.mutate(item.id);
          onNavigate();
          navigate(notificationHref(item));
        }}
        className={cn(
          'flex w-full cursor-pointer gap-3 px-4 py-3 text-left outline-none transition-colors hover:bg-accent focus-visible:bg-accent',
          !item.read && 'bg-primary/5',
        )}
      >
        <span
          className={cn(
            'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground',
            !item.read && 'bg-primary/15 text-primary',
          )}
        >
          <Icon aria-hidden className="size-4" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn('text-sm leading-snug', !item.read && 'font-medium')}>
            {notificationText(item, t)}
          </span>
          {item.content && item.type !== 'channel_invite' ? (
            <span className="line-clamp-2 break-words text-muted-foreground text-xs">
              {item.content}
            </span>
          ) : null}
          <time dateTime={item.createdAt} className="text-muted-foreground text-xs">
            {formatDistanceToNowStrict(at, { addSuffix: true, locale: fr })}
          </time>
        </span>
        {item.read ? null : (
          <span className="mt-2 size-2 shrink-0 rounded-full bg-primary">
            <span className="sr-only">{t('notifications.unreadDot')}</span>
          </span>
        )}
      </button>
    </li>
  );
}
