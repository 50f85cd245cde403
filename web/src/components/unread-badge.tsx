import { useTranslation } from 'react-i18next';
import { UNREAD_BADGE_CAP } from '#shared/limits';
import { cn } from '@/lib/utils';

/** docs/product.md §9: the count shows 99+ above 99. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      role="status"
      aria-label={t('channels.sidebar.unread', { count })}
      className={cn(
        'ml-auto inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 font-semibold text-[11px] text-primary-foreground tabular-nums',
        className,
      )}
    >
      {count > UNREAD_BADGE_CAP ? t('channels.sidebar.unreadCap') : count}
    </span>
  );
}
