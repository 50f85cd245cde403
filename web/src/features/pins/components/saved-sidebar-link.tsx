import { BookmarkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';

/** The sidebar's entry beside « Fils de discussion »: one's saved messages. */
export function SavedSidebarLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const active = location === '/saved';
  return (
    <Link
      href="/saved"
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        'flex h-8 w-full min-w-0 items-center gap-2 rounded-md px-2 text-muted-foreground text-sm outline-none transition-colors hover:bg-accent/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        active && 'bg-primary/15 text-foreground',
      )}
    >
      <BookmarkIcon aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">{t('saved.title')}</span>
    </Link>
  );
}
