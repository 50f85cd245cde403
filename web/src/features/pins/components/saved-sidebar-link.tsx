import { BookmarkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SidebarNavLink } from '@/components/sidebar-nav-link';

/** The sidebar's entry beside « Fils de discussion »: one's saved messages. */
export function SavedSidebarLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <SidebarNavLink
      href="/saved"
      icon={BookmarkIcon}
      label={t('saved.title')}
      onNavigate={onNavigate}
    />
  );
}
