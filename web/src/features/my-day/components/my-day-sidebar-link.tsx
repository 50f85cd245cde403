import { SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SidebarNavLink } from '@/components/sidebar-nav-link';

/** The sidebar's first entry: « Ma journée », the person's day. */
export function MyDaySidebarLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <SidebarNavLink
      href="/ma-journee"
      icon={SunIcon}
      label={t('myDay.sidebar')}
      onNavigate={onNavigate}
    />
  );
}
