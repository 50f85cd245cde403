import { useTranslation } from 'react-i18next';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';
import { UserAvatar as BaseAvatar } from '@/components/user-avatar';
import { usePresence } from '@/lib/presence-store';
import { cn } from '@/lib/utils';

/**
 * Author avatar with its live status dot (docs/product.md §2): presence_update events, else the
 * user's stored status. Named for assistive tech as "Bob, En ligne".
 */
export function AuthorAvatar({ user, className }: { user: User; className?: string }) {
  const { t } = useTranslation();
  const status = usePresence(user.id, user.status);
  const name = userDisplayName(user) ?? t('common.unknownUser');
  return (
    <span
      role="img"
      aria-label={`${name}, ${t(`presence.${status}`)}`}
      data-status={status}
      className={cn('inline-flex size-9 shrink-0', className)}
    >
      <BaseAvatar
        user={{ ...user, status }}
        name={name}
        showStatus
        className="size-full [&>span:last-child]:ring-background"
      />
    </span>
  );
}
