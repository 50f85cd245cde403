import { BellIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LIST_HEIGHT_PX, UNREAD_BADGE_CAP } from '#shared/limits';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { cn } from '@/lib/utils';
import { useUnreadCount } from '../api/get-unread-count';

// The list is loaded when the bell first opens, not with the layout.
const NotificationList = lazy(() =>
  import('./notification-list').then((module) => ({ default: module.NotificationList })),
);

const TRIGGER = {
  rail: 'relative flex size-11 cursor-pointer items-center justify-center rounded-xl text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-accent data-[state=open]:text-foreground [&_svg]:size-5',
  mobile:
    'relative inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-foreground outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5',
};

/** docs/product.md §2: the bell, its unread badge (99+ above 99) and its 400 px list. */
export function NotificationBell({ variant }: { variant: 'rail' | 'mobile' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const openedOnce = useOpenedOnce(open);
  const count = useUnreadCount().data?.count ?? 0;
  const label = count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell');
  const trigger = (
    <PopoverTrigger asChild>
      <button
        type="button"
        aria-label={label}
        data-testid="notification-bell"
        className={TRIGGER[variant]}
      >
        <BellIcon aria-hidden />
        {count > 0 ? (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="absolute top-0.5 right-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive-fill px-1 font-semibold text-[10px] text-white tabular-nums ring-2 ring-rail"
          >
            {count > UNREAD_BADGE_CAP ? t('notifications.badgeCap') : count}
          </span>
        ) : null}
      </button>
    </PopoverTrigger>
  );
  return (
    <Popover open={open} onOpenChange={setOpen}>
      {variant === 'rail' ? (
        <Tooltip>
          <TooltipTrigger asChild>{trigger}</TooltipTrigger>
          <TooltipContent side="right">{t('notifications.bell')}</TooltipContent>
        </Tooltip>
      ) : (
        trigger
      )}
      <PopoverContent
        side={variant === 'rail' ? 'right' : 'bottom'}
        align={variant === 'rail' ? 'start' : 'end'}
        className={cn('flex w-[min(380px,calc(100vw-16px))] flex-col p-0')}
        aria-label={t('notifications.title')}
      >
        {openedOnce ? (
          <Suspense fallback={<div style={{ height: NOTIFICATION_LIST_HEIGHT_PX }} />}>
            <NotificationList open={open} onNavigate={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
