import { MessagesSquareIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { UnreadBadge } from '@/components/unread-badge';
import { cn } from '@/lib/utils';
import { useUnreadThreadCount } from '../api/get-followed-threads';

/** The sidebar's first entry (Slack's Threads): the followed threads, with how many are unread. */
export function ThreadsSidebarLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { data: unread = 0 } = useUnreadThreadCount();
  const active = location === '/threads';
  return (
    <Link
      href="/threads"
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        'flex h-8 w-full min-w-0 items-center gap-2 rounded-md px-2 text-muted-foreground text-sm outline-none transition-colors hover:bg-accent/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        active && 'bg-primary/15 text-foreground',
        unread > 0 && 'font-semibold text-foreground',
      )}
    >
      <MessagesSquareIcon aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">{t('threads.title')}</span>
      <UnreadBadge count={unread} />
    </Link>
  );
}
