import { MessagesSquareIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SidebarNavLink } from '@/components/sidebar-nav-link';
import { UnreadBadge } from '@/components/unread-badge';
import { useUnreadThreadCount } from '../api/get-followed-threads';

/** The sidebar's first entry (Slack's Threads): the followed threads, with how many are unread. */
export function ThreadsSidebarLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: unread = 0 } = useUnreadThreadCount();
  return (
    <SidebarNavLink
      href="/threads"
      icon={MessagesSquareIcon}
      label={t('threads.title')}
      onNavigate={onNavigate}
      emphasized={unread > 0}
    >
      <UnreadBadge count={unread} />
    </SidebarNavLink>
  );
}
