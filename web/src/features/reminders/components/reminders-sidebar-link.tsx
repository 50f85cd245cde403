import { AlarmClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';

/** The sidebar's entry beside « Enregistrés »: one's reminders and scheduled messages. */
export function RemindersSidebarLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const active = location === '/rappels';
  return (
    <Link
      href="/rappels"
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        'flex h-8 w-full min-w-0 items-center gap-2 rounded-md px-2 text-muted-foreground text-sm outline-none transition-colors hover:bg-accent/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        active && 'bg-primary/15 text-foreground',
      )}
    >
      <AlarmClockIcon aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">{t('reminders.sidebar')}</span>
    </Link>
  );
}
