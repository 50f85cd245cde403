import { AlarmClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SidebarNavLink } from '@/components/sidebar-nav-link';

/** The sidebar's entry beside « Enregistrés »: one's reminders and scheduled messages. */
export function RemindersSidebarLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <SidebarNavLink
      href="/rappels"
      icon={AlarmClockIcon}
      label={t('reminders.sidebar')}
      onNavigate={onNavigate}
    />
  );
}
